import { customAlphabet } from 'nanoid'

const randomPart = customAlphabet('0123456789abcdefghijklmnopqrstuvwxyz', 20)

/**
 * The type prefixes of docs/decisions.md; `chg` marks an outbox change event. Records the interface
 * does not name: `nmh` an earlier name, `par` parental responsibility, `bil` billing responsibility,
 * `cnc` concession, `prf` protection flag, `cto` court order, `exr` exit reason, `apa` an adult of an
 * application, `ses` academic session, `crs` course, `cls` class, `clm` class member, `tas` teaching assignment, `hrm`
 * HRIS mapping, `chk` staff check; `acc` staff account, `pky` passkey, `ssn` sign-in session, `sic` sign-in
 * code, `sil` sign-in link, `mail` outbox mail, `rvw` a view of a restricted record, `fam`
 * family access, `dcr` a family's detail change request; `fsc` fee schedule, `fsv` its version, `fpr` billing
 * period, `fln` fee line, `fcr` concession rule; `cpp` consent purpose, `cak` consent ask,
 * `cns` consent answer, `msg` message, `mrc` message recipient, `mvr` a message's version in another language,
 * `acm` club member (`activity_members`); `nch` a notification choice, `ndl` a text, push or digest delivery, `psh` a push subscription;
 * `abs` an absence, `uab` an absence the register found with no report; `car` a consent ask's reminder; `ccn` a child's emergency contact or
 * collector, `cmn` a child's medical need, `dck` a data check; `orc` a OneRoster REST client (its OAuth `client_id`).
 */
export type IdPrefix = 'per' | 'aff' | 'enq' | 'tou' | 'bkg' | 'apl' | 'evt' | 'run' | 'exp' | 'tok' | 'sub' | 'dlv' | 'sch' | 'cmp' | 'chg'
  | 'nmh' | 'par' | 'bil' | 'cnc' | 'prf' | 'cto' | 'exr' | 'apa' | 'ses' | 'crs' | 'cls' | 'clm' | 'tas' | 'hrm' | 'chk'
  | 'acc' | 'pky' | 'ssn' | 'sic' | 'sil' | 'mail' | 'rvw' | 'act' | 'idd' | 'fam' | 'sta' | 'dcr'
  | 'fsc' | 'fsv' | 'fpr' | 'fln' | 'fcr'
  | 'cpp' | 'cak' | 'cns' | 'msg' | 'mrc' | 'mvr' | 'acm'
  | 'nch' | 'ndl' | 'psh'
  | 'abs' | 'uab' | 'car'
  | 'ccn' | 'cmn' | 'dck'
  | 'orc'
  | 'ret' | 'hld' | 'sar' | 'sai'

/** A new opaque id such as `per_3k9x…`. */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomPart()}`
}
