import type { SchoolLists } from '../../../db/schema'

/** What a fresh school starts with (docs/decisions.md); each school edits its own copy. */
export function defaultSchoolLists(): SchoolLists {
  return {
    channels: ['website', 'phone', 'email', 'walk_in', 'event', 'referral', 'social_media', 'other'],
    relationships: ['mother', 'father', 'parent', 'guardian', 'grandparent', 'carer', 'other'],
    withdrawalReasons: ['relocation', 'another_school', 'financial', 'wellbeing', 'other'],
    yearLevels: ['K', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'],
    finalYearLevel: '12',
    audiences: ['families', 'international'],
    alumniRule: 'any_former_student'
  }
}
