/**
 * What each v1 scope lets a program read or do, in the page's language. The server sends its catalogue's English
 * words (the API's language) beside each scope's name; a screen words the scopes it knows itself, and shows the
 * server's words for a scope newer than its messages.
 */
export function useScopeWords() {
  const { t } = useScreenText()
  const words = computed<Record<string, string>>(() => ({
    'person.read': t('common.scopes.personRead'),
    'affiliation.read': t('common.scopes.affiliationRead'),
    'billing.read': t('common.scopes.billingRead'),
    'enquiry.write': t('common.scopes.enquiryWrite'),
    'tour.read': t('common.scopes.tourRead'),
    'tour.book': t('common.scopes.tourBook'),
    'application.write': t('common.scopes.applicationWrite'),
    'starter.read': t('common.scopes.starterRead'),
    'roster.read': t('common.scopes.rosterRead'),
    'staff.import': t('common.scopes.staffImport'),
    'people.sync': t('common.scopes.peopleSync'),
    'export.read': t('common.scopes.exportRead'),
    'restricted.read': t('common.scopes.restrictedRead'),
    'absence.read': t('common.scopes.absenceRead'),
    'absence.write': t('common.scopes.absenceWrite'),
    'contact.read': t('common.scopes.contactRead'),
    'event.read': t('common.scopes.eventRead')
  }))
  return (name: string, serverWords: string) => Object.hasOwn(words.value, name) ? words.value[name]! : serverWords
}
