/**
 * Every kind of entry Settings → Activity lists, each with the words its filter shows. A kind is
 * `<subject>.<what happened>`; the screen's filter and the list's `kind` query take these names.
 * `restricted.viewed` entries are listed only to a caller holding `restricted.read`: that a child
 * has a restricted record is itself restricted.
 */
export const activityKinds = {
  'school.changed': 'School settings changed',
  'modules.changed': 'A module switched on, read-only or off',
  'role.changed': 'A role\'s capabilities changed',
  'sign_in_policy.changed': 'The sign-in policy changed',
  'token.issued': 'A token issued',
  'token.rotated': 'A token rotated',
  'token.revoked': 'A token revoked',
  'oneroster_client.created': 'A OneRoster client made',
  'oneroster_client.revoked': 'A OneRoster client revoked',
  'webhook.created': 'A webhook subscription created',
  'webhook.changed': 'A webhook subscription paused, resumed or changed',
  'webhook.deleted': 'A webhook subscription deleted',
  'webhook.resent': 'A webhook delivery sent again or a test sent',
  'hris_mapping.saved': 'An HRIS mapping saved',
  'sync_run.confirmed': 'A people sync run confirmed',
  'sync_run.cancelled': 'A people sync run cancelled',
  'sync_run.reverted': 'A people sync run reverted',
  'staff.added': 'A member of staff added',
  'staff.changed': 'A member of staff\'s role changed',
  'staff.removed': 'A member of staff removed',
  'staff.sessions_ended': 'A member of staff\'s sessions ended',
  'column_class.changed': 'An export column\'s class changed',
  'retention.changed': 'Export retention changed',
  'restricted.changed': 'A protection flag or court order set or ended',
  'restricted.viewed': 'A restricted record viewed',
  'identity.decided': 'A possible duplicate linked to a person on file or kept as a new person',
  'family.invited': 'An adult given family access to the portal, or invited again',
  'family.ended': 'An adult\'s family access ended',
  'portal.previewed': 'The family portal previewed as an adult',
  'portal_sections.changed': 'A family portal section switched on or off',
  'detail_request.decided': 'A family\'s request to change their details approved or rejected',
  'notifications.changed': 'The notification settings changed (digest time, kinds families may turn off, the text gateway)',
  'absence_settings.changed': 'The absence reasons offered, or those marked sensitive, changed',
  'absence_document.opened': 'A document sent with an absence opened',
  'child_care.changed': 'A child\'s emergency contacts, collectors or medical needs changed on their record',
  'data_check.started': 'A data check started',
  'data_check.changed': 'A data check closed early or its closing day moved',
  'data_check.reminded': 'The adults a data check still waits for reminded',
  'retention_period.changed': 'A class of record\'s retention period changed',
  'legal_hold.placed': 'A legal hold placed on a person: kept whole, whatever their class\'s period',
  'legal_hold.released': 'A legal hold released',
  'restricted_record.reviewed': 'A restricted record past its period reviewed',
  'subject_access.logged': 'A subject access request, or a request to erase, correct or restrict, logged',
  'subject_access.changed': 'A subject access request extended, or an item of its answer decided',
  'subject_access.closed': 'A subject access request answered, carried out or refused'
} as const satisfies Record<string, string>

export type ActivityKind = keyof typeof activityKinds

export const activityKindNames = Object.keys(activityKinds) as ActivityKind[]

/** Kinds a caller without `restricted.read` never sees listed. */
export const restrictedActivityKinds: readonly ActivityKind[] = ['restricted.viewed', 'restricted.changed', 'identity.decided']

/** The kinds a caller may filter by, with their words: those about restricted records only for a caller holding `restricted.read`. */
export function activityKindsFor(seesRestricted: boolean) {
  return activityKindNames
    .filter(name => seesRestricted || !restrictedActivityKinds.includes(name))
    .map(name => ({ name, label: activityKinds[name] }))
}
