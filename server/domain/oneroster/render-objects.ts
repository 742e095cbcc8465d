import type { OneRosterObjectKind } from '../../../shared/vocabulary'
import type { ClassFacts, CourseFacts, EnrollmentFacts, FactsOf, OrgFacts, SessionFacts, UserFacts } from './roster-facts'

export type BindingVersion = '1.2' | '1.1'

/** A kept object as a renderer reads it. */
export interface ServedObject<K extends OneRosterObjectKind = OneRosterObjectKind> {
  kind: K
  sourcedId: string
  status: 'active' | 'tobedeleted'
  dateLastModified: string
  facts: FactsOf[K]
}

/** A GUIDRef: a link to another object of the service. */
interface GuidRef { href: string, sourcedId: string, type: string }

/** Where each kind lives under a binding's base, and the type its references name. */
const collectionOf: Record<OneRosterObjectKind, string> = {
  org: 'orgs', academicSession: 'academicSessions', course: 'courses', class: 'classes', user: 'users', enrollment: 'enrollments'
}

/**
 * Every field each binding's type has (1EdTech's OpenAPI document for 1.2, the 1.1 binding's
 * tables), whether or not Rollbook serves it: a filter or selection on `email` is valid and finds
 * nothing, since no address is ever served; a field the type lacks is `invalid_filter_field`.
 */
const common = ['sourcedId', 'status', 'dateLastModified', 'metadata']
/** Every type but the user is the same in both bindings. */
const sharedFields = {
  org: new Set([...common, 'name', 'type', 'identifier', 'parent', 'children']),
  academicSession: new Set([...common, 'title', 'startDate', 'endDate', 'type', 'parent', 'children', 'schoolYear']),
  course: new Set([...common, 'title', 'schoolYear', 'courseCode', 'grades', 'subjects', 'org', 'subjectCodes', 'resources']),
  class: new Set([
    ...common, 'title', 'classCode', 'classType', 'location', 'grades', 'subjects', 'course', 'school', 'terms', 'subjectCodes', 'periods', 'resources'
  ]),
  enrollment: new Set([...common, 'user', 'class', 'school', 'role', 'primary', 'beginDate', 'endDate'])
}
const userFields = [...common, 'username', 'userIds', 'enabledUser', 'givenName', 'familyName', 'middleName', 'identifier', 'email', 'sms', 'phone',
  'agents', 'grades', 'password']
export const bindingFields: Record<BindingVersion, Record<OneRosterObjectKind, ReadonlySet<string>>> = {
  '1.2': {
    ...sharedFields,
    user: new Set([
      ...userFields, 'userMasterIdentifier', 'preferredFirstName', 'preferredMiddleName', 'preferredLastName', 'pronouns', 'roles', 'userProfiles',
      'primaryOrg', 'resources'
    ])
  },
  '1.1': { ...sharedFields, user: new Set([...userFields, 'role', 'orgs']) }
}

/** Renders kept objects in one binding's shapes, its references absolute under `base`. */
export function bindingRenderer(version: BindingVersion, base: string) {
  const ref = (kind: OneRosterObjectKind, sourcedId: string): GuidRef =>
    ({ href: `${base}/${collectionOf[kind]}/${encodeURIComponent(sourcedId)}`, sourcedId, type: kind })
  const head = (object: ServedObject) => ({ sourcedId: object.sourcedId, status: object.status, dateLastModified: object.dateLastModified })
  // Both bindings write their booleans as the strings "true" and "false".
  const flag = (value: boolean) => String(value)

  const render: { [K in OneRosterObjectKind]: (object: ServedObject<K>, schoolId: string) => Record<string, unknown> } = {
    org: (object) => {
      const facts: OrgFacts = object.facts
      // No identifier (a state or national number) is kept for a school; the binding requires the field, so it is empty, as in the CSV sets.
      return { ...head(object), name: facts.name, type: 'school', identifier: '' }
    },
    academicSession: (object) => {
      const facts: SessionFacts = object.facts
      return {
        ...head(object), title: facts.title, startDate: facts.startDate, endDate: facts.endDate, type: facts.type,
        ...facts.parentId ? { parent: ref('academicSession', facts.parentId) } : {},
        children: facts.childIds.map(id => ref('academicSession', id)),
        schoolYear: facts.schoolYear
      }
    },
    course: (object, schoolId) => {
      const facts: CourseFacts = object.facts
      return {
        ...head(object), title: facts.title, schoolYear: ref('academicSession', facts.schoolYearId), courseCode: facts.courseCode, grades: facts.grades,
        subjects: facts.subjects, org: ref('org', schoolId)
      }
    },
    class: (object, schoolId) => {
      const facts: ClassFacts = object.facts
      return {
        ...head(object), title: facts.title, classCode: facts.classCode, classType: facts.classType, ...facts.location ? { location: facts.location } : {},
        grades: facts.grades, subjects: facts.subjects, course: ref('course', facts.courseId), school: ref('org', schoolId),
        terms: facts.termIds.map(id => ref('academicSession', id)), periods: facts.periods
      }
    },
    user: (object, schoolId) => {
      const facts: UserFacts = object.facts
      const names = { givenName: facts.givenName, familyName: facts.familyName }
      if (version === '1.1') {
        return {
          ...head(object), username: facts.username, userIds: [], enabledUser: flag(object.status === 'active'), ...names, role: facts.role,
          orgs: [ref('org', schoolId)], agents: [], grades: facts.grades
        }
      }
      const preferredFirstName = facts.givenName.split(/\s+/)[0]
      return {
        ...head(object), userMasterIdentifier: object.sourcedId, username: facts.username, userIds: [], enabledUser: flag(object.status === 'active'),
        ...names, ...preferredFirstName ? { preferredFirstName } : {},
        roles: [{ roleType: 'primary', role: facts.role, org: ref('org', schoolId) }], agents: [], primaryOrg: ref('org', schoolId), grades: facts.grades
      }
    },
    enrollment: (object, schoolId) => {
      const facts: EnrollmentFacts = object.facts
      return {
        ...head(object), user: ref('user', facts.userId), class: ref('class', facts.classId), school: ref('org', schoolId), role: facts.role,
        primary: flag(facts.primary)
      }
    }
  }
  return <K extends OneRosterObjectKind>(object: ServedObject<K>, schoolId: string) =>
    (render[object.kind] as unknown as (object: ServedObject<K>, schoolId: string) => Record<string, unknown> & { sourcedId: string })(object, schoolId)
}
