import { createReadStream } from 'node:fs'
import { mkdir, rename, rm } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { privateFolderMode } from '../../../../db/private-files'
import { StoredObjectMissing, type ExportStorage } from './export-storage'

/** Files in a local folder; the scratch folder is inside it, so keeping a file is one rename on one disk. */
export function localFolderStorage(folder: string): ExportStorage {
  const root = resolve(folder)
  const pathOf = (key: string) => {
    const path = resolve(root, key)
    // Keys are made by us from ids; still, nothing may reach outside the folder.
    if (!path.startsWith(root + '/')) throw new Error('An export key outside the storage folder')
    return path
  }
  return {
    description: `folder ${root}`,
    scratch: join(root, '.partial'),
    async keep(key, localPath) {
      const path = pathOf(key)
      // The scratch file is 0600 already (produce-file.ts) and keeps its mode through the rename.
      await mkdir(dirname(path), { recursive: true, mode: privateFolderMode })
      await rename(localPath, path)
    },
    async read(key) {
      const stream = createReadStream(pathOf(key))
      // Opening fails asynchronously; wait for it so a missing file is a rejection here, not a broken answer later.
      try {
        await new Promise<void>((done, fail) => stream.once('open', () => done()).once('error', fail))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StoredObjectMissing(`Nothing is kept at ${key}`)
        throw error
      }
      return stream
    },
    async remove(key) {
      await rm(pathOf(key), { force: true })
    }
  }
}
