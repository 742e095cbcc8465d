import { describe, expect, it } from 'vitest'
import { generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server'
import { softAuthenticator } from '../../../support/soft-authenticator'

const origin = 'http://localhost:3000'

describe('the soft authenticator of the API tests', () => {
  it('registers a passkey and proves it, as @simplewebauthn/server verifies them', async () => {
    const authenticator = softAuthenticator(origin)
    const registration = await generateRegistrationOptions({ rpName: 'Rollbook', rpID: 'localhost', userName: 'a@example.org', attestationType: 'none' })
    const created = await verifyRegistrationResponse({
      response: authenticator.register(registration), expectedChallenge: registration.challenge, expectedOrigin: origin, expectedRPID: 'localhost'
    })
    expect(created.verified).toBe(true)
    const { credential } = created.registrationInfo!
    for (const counter of [1, 2]) {
      const options = await generateAuthenticationOptions({ rpID: 'localhost' })
      const proved = await verifyAuthenticationResponse({
        response: authenticator.authenticate(options), expectedChallenge: options.challenge, expectedOrigin: origin, expectedRPID: 'localhost', credential
      })
      expect([proved.verified, proved.authenticationInfo.newCounter]).toEqual([true, counter])
      credential.counter = proved.authenticationInfo.newCounter
    }
  })

  it('is refused by another origin', async () => {
    const options = await generateRegistrationOptions({ rpName: 'Rollbook', rpID: 'localhost', userName: 'a@example.org', attestationType: 'none' })
    const response = softAuthenticator('http://localhost:4000').register(options)
    await expect(
      verifyRegistrationResponse({ response, expectedChallenge: options.challenge, expectedOrigin: origin, expectedRPID: 'localhost' })
    ).rejects.toThrow(/origin/i)
  })
})
