import { defineOneRosterService } from '../../../../utils/oneroster-service'

/** OneRoster 1.1's rostering service, from the same code as 1.2's (docs/rosters.md, "OneRoster REST"). */
export default defineOneRosterService('1.1', '/ims/oneroster/v1p1')
