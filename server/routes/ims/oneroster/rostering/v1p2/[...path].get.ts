import { defineOneRosterService } from '../../../../../utils/oneroster-service'

/** OneRoster 1.2's rostering service (docs/rosters.md, "OneRoster REST"). */
export default defineOneRosterService('1.2', '/ims/oneroster/rostering/v1p2')
