/**
 * pi-delegate's Pi extension as Pi loads it: the one entry of `pi.extensions` in package.json.
 *
 * Why a file at the package root named index.ts: Pi names an extension in its start-up list after its
 * path, dropping a trailing index.ts, and names an npm or git package's root index after the package.
 * So the list reads "pi-delegate" (npm), "owner/pi-delegate" (git) or the clone's folder name (a
 * local path), where `src/pi/extension.ts` read "extension.ts".
 *
 * Why TypeScript and no build: Pi's loader (jiti) transpiles it on every install route — a local
 * clone, a git checkout installed without devDependencies, an npm tarball — and resolves
 * `@earendil-works/*` and `typebox` to the Pi that loads it, which a git or npm install by Pi does
 * not put on disk. The sources use `.ts` specifiers and erasable syntax only.
 */
export { default } from "./src/pi/extension.ts";
