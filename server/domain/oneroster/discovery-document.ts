import bindingDocument from '../../../tests/fixtures/oneroster/onerosterv1p2rostersservice_openapi3_v1p0.json'

/**
 * The 1.2 rostering service's discovery document: 1EdTech's own OpenAPI document, the one copy kept
 * in the repository (the tests' fixture, against which every answer is checked), with this
 * deployment's address and token endpoint in place of the document's placeholders. Nothing else of
 * it is changed: its demographics operations stay listed, and are answered `unknownobject`.
 */
export function discoveryDocument(publicBase: string): unknown {
  const document = structuredClone(bindingDocument) as typeof bindingDocument
  document.servers = [{ url: `${publicBase}/ims/oneroster/rostering/v1p2`, description: 'This Rollbook deployment\'s OneRoster 1.2 rostering service.' }]
  document.components.securitySchemes.OAuth2CC.flows.clientCredentials.tokenUrl = `${publicBase}/oauth/token`
  return document
}

/** Where the binding has a consumer find the document, under the service's base. */
export const discoveryPaths = [['discovery'], ['discovery', 'onerosterv1p2rostersservice_openapi3_v1p0.json']]
