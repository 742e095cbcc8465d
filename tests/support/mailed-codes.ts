import { desc, eq } from 'drizzle-orm'
import { outboxMails } from '../../db/schema'
import type { Database } from '../../db/client'

/** The code in the newest mail to an address: the development outbox, since the test server has no SMTP. */
export async function mailedSignInCode(database: Database, email: string): Promise<string> {
  for (let i = 0; i < 400; i++) {
    const [mail] = await database.db.select().from(outboxMails).where(eq(outboxMails.to, email)).orderBy(desc(outboxMails.createdAt)).limit(1)
    const code = mail ? /code is (\d{6})/.exec(mail.text)?.[1] : undefined
    if (code) return code
    await new Promise(done => setTimeout(done, 100))
  }
  throw new Error(`No mail reached ${email}`)
}
