import { defineOneRosterService } from '../../../../../utils/oneroster-service'

/** The 1.2 service's bare base: not a collection, answered `unknownobject` in the binding's own form by the same service. */
export default defineOneRosterService('1.2', '/ims/oneroster/rostering/v1p2')
