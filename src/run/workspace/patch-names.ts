/**
 * Whether the names a patch touches stay inside the directory it is applied to: not absolute, no
 * `..`, and nothing inside a `.git` folder, whose config and hooks run programs the next time
 * anyone uses git there. A patch read back from a record is data a child may have written, so its
 * names are checked, as git itself reads them, before it is applied. git apply refuses the same
 * names in the mode pi-delegate runs it; this check does not depend on that mode, says which name
 * and why, and runs before anything is tried. Pure.
 */

/** Why `name` may not be written by a patch, or undefined when it may. */
export function unsafeName(name: string): string | undefined {
	if (name.startsWith("/")) return "is absolute";
	const parts = name.split("/");
	if (parts.some((part) => part === "" || part === "." || part === ".."))
		return "has an empty, `.` or `..` part, so it could lead out of the root";
	// Case folded and trailing dots and spaces dropped, as the file systems that do so would name it.
	if (parts.some((part) => part.toLowerCase().replace(/[. ]+$/, "") === ".git"))
		return "lies inside a .git folder, whose config and hooks run programs";
	return undefined;
}
