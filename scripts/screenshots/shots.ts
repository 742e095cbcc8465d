/**
 * The README's pictures (docs/screenshots/): what each shows, to whom and how wide. `npm run screenshots`
 * (scripts/screenshots.ts) makes them from the demo school; tests/unit/docs/screenshots.test.ts holds the
 * folder and the README to this list.
 */
export const screenshotFolder = 'docs/screenshots'

/** The README is read on phones and slow connections too: no picture weighs more than this. */
export const maxScreenshotBytes = 150 * 1024

/** What the script finds in the demo school before it takes the pictures. */
export interface DemoFinds {
  /** A child of the first family, whose parent the portal picture shows: the record is theirs. */
  childId: string
}

export interface Shot {
  file: string
  /** Who looks: the demo's administrator, or the first family's parent. */
  viewer: 'staff' | 'family'
  viewport: { width: number, height: number }
  path: (finds: DemoFinds) => string
  /** A selector that shows once the screen has its data. */
  ready: string
}

const desk = { width: 1280, height: 800 }
const phone = { width: 390, height: 844 }

export const shots: Shot[] = [
  { file: 'today.webp', viewer: 'staff', viewport: desk, path: () => '/staff', ready: 'main ul li a' },
  { file: 'person-record.webp', viewer: 'staff', viewport: desk, path: ({ childId }) => `/staff/people/${childId}`, ready: 'main h1:has-text(",")' },
  { file: 'admissions-board.webp', viewer: 'staff', viewport: desk, path: () => '/staff/admissions', ready: 'main section article' },
  { file: 'family-portal-home.webp', viewer: 'family', viewport: phone, path: () => '/family', ready: 'a[href^="/family/children/"]' },
  { file: 'settings-roles.webp', viewer: 'staff', viewport: desk, path: () => '/staff/settings/roles', ready: 'main [role="checkbox"]' }
]
