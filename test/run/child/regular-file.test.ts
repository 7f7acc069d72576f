import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readRegular, specialFileReason, WHOLE_READ_LIMIT, writeRegular } from "../../../src/run/child/regular-file.ts";
import { tempDir } from "../../support/temp.ts";

describe("specialFileReason", () => {
	const dir = tempDir("pi-delegate-regular-");
	writeFileSync(join(dir, "plain.txt"), "x\n");
	execFileSync("mkfifo", [join(dir, "fifo")]);
	symlinkSync("fifo", join(dir, "to-fifo"));
	symlinkSync("/proc/self/fd/1", join(dir, "to-stdout"));
	mkdirSync(join(dir, "sub"));

	it("lets a regular file, a missing one, and a directory where one is asked for, through", () => {
		expect(specialFileReason(join(dir, "plain.txt"))).toBeUndefined();
		expect(specialFileReason(join(dir, "missing"))).toBeUndefined();
		expect(specialFileReason(join(dir, "sub"), { directory: true })).toBeUndefined();
	});

	it("names what is not a regular file, through symlinks too", () => {
		expect(specialFileReason(join(dir, "fifo"))).toMatch(/is a FIFO \(named pipe\), not a regular file$/);
		expect(specialFileReason(join(dir, "to-fifo"))).toMatch(/is a FIFO/);
		expect(specialFileReason("/dev/null")).toMatch(/is a character device/);
		expect(specialFileReason(join(dir, "sub"))).toMatch(/is a directory/);
	});

	it("refuses /proc's files and every path through one of its links, whatever lies behind", () => {
		expect(specialFileReason("/proc/cpuinfo")).toMatch(/lies on proc, a kernel file system/);
		expect(specialFileReason("/proc/self/status")).toMatch(/through a link of proc/);
		expect(specialFileReason(`/proc/self/cwd/${join(dir, "plain.txt")}`)).toMatch(/through a link of proc/);
		expect(specialFileReason("/dev/stdin")).toMatch(/through a link of proc/);
		expect(specialFileReason(join(dir, "to-stdout"))).toMatch(/through a link of proc/);
		expect(specialFileReason(`/proc/self/cwd/${join(dir, "not-yet")}`)).toMatch(/through a link of proc/);
	});
});

describe("reading and writing regular files only", () => {
	it("refuses a FIFO before opening it, for a write with no reader as for a read with no writer", async () => {
		const dir = tempDir("pi-delegate-regular-");
		const fifo = join(dir, "fifo");
		execFileSync("mkfifo", [fifo]);
		await expect(writeRegular("write", fifo, "x")).rejects.toThrow(/refused this write: .* FIFO/);
		await expect(readRegular("read", fifo)).rejects.toThrow(/refused this read: .* FIFO/);
	});

	it("reads no file whole past the limit, without reading it", async () => {
		const dir = tempDir("pi-delegate-regular-");
		const big = join(dir, "sparse");
		writeFileSync(big, "");
		truncateSync(big, WHOLE_READ_LIMIT + 1);
		const started = performance.now();
		await expect(readRegular("edit", big)).rejects.toThrow(/refused this edit: .* over the 256 MiB/);
		expect(performance.now() - started).toBeLessThan(1000);
	});

	it("writes a regular file, creating it or truncating it first", async () => {
		const dir = tempDir("pi-delegate-regular-");
		const file = join(dir, "f.txt");
		await writeRegular("write", file, "longer text\n");
		await writeRegular("write", file, "short\n");
		expect(readFileSync(file, "utf8")).toBe("short\n");
		expect((await readRegular("read", file)).toString()).toBe("short\n");
	});
});
