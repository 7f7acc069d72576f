/**
 * Which children may run at the same time over the same files — one lock per session (tasks, forks
 * and workflow children all take it) or per CLI run, carrying out each plan's claim
 * (plan/root-claim.ts): a writer has its roots to itself; children that cannot change anything share
 * them (a fan-out of sandboxed read-only reviews over one repository runs at once).
 *
 * Served first come, first served: a claim waits for every earlier one it conflicts with, so a
 * writer waiting behind readers is not overtaken by readers that come after it. Roots are compared
 * as given (pass resolved real paths); `/w/ab` is not inside `/w/a`.
 */
import { sep } from "node:path";
import type { RootClaim } from "../plan/root-claim.ts";

export type { RootClaim };

const overlaps = (a: string, b: string) =>
	a === b || a.startsWith(b.endsWith(sep) ? b : b + sep) || b.startsWith(a.endsWith(sep) ? a : a + sep);

function conflict(a: RootClaim, b: RootClaim): boolean {
	if (!a.write && !b.write) return false;
	if (a.write && b.write && a.group !== undefined && a.group === b.group) return false;
	return a.roots.some((x) => b.roots.some((y) => overlaps(x, y)));
}

interface Held {
	claim: RootClaim;
	granted: boolean;
	wake: () => void;
}

export class RootLocks {
	private readonly held: Held[] = [];

	/** Whether a claim would wait now (for a "waiting" line before it does). */
	wouldWait(claim: RootClaim): boolean {
		return this.held.some((h) => conflict(h.claim, claim));
	}

	/** Resolves with a release (safe to call twice) once no earlier conflicting claim holds or waits. */
	acquire(claim: RootClaim): Promise<() => void> {
		return new Promise((resolve) => {
			const held: Held = { claim, granted: false, wake: () => {} };
			let released = false;
			const release = () => {
				if (released) return;
				released = true;
				const at = this.held.indexOf(held);
				if (at >= 0) this.held.splice(at, 1);
				this.grant();
			};
			held.wake = () => resolve(release);
			this.held.push(held);
			this.grant();
		});
	}

	private grant(): void {
		this.held.forEach((held, index) => {
			if (held.granted) return;
			if (this.held.slice(0, index).some((earlier) => conflict(earlier.claim, held.claim))) return;
			held.granted = true;
			held.wake();
		});
	}
}
