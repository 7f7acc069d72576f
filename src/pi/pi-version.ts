/**
 * Feature checks by Pi version, for the few behaviours that changed within the supported range
 * (0.86.1 … 1.x). Each check names the release that brought the behaviour.
 */
import { VERSION } from "@earendil-works/pi-coding-agent";

/** Compares dotted versions numerically (pre-release suffixes ignored). */
export function atLeast(version: string, minimum: string): boolean {
	const parts = (v: string) =>
		v
			.split("-")[0]!
			.split(".")
			.map((n) => Number.parseInt(n, 10) || 0);
	const [a, b] = [parts(version), parts(minimum)];
	for (let i = 0; i < Math.max(a.length, b.length); i++) {
		const d = (a[i] ?? 0) - (b[i] ?? 0);
		if (d !== 0) return d > 0;
	}
	return true;
}

/**
 * Pi 0.99.0 made a returned `isError: true` mark a tool result as failed (keeping its details for
 * rendering); before it, only a thrown error did.
 */
export function returnedErrorsCount(version: string = VERSION): boolean {
	return atLeast(version, "0.99.0");
}
