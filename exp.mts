import { spawnSync, spawn } from "node:child_process";
import { startEmulator, writeAgentDir } from "./bench/emulator/index.ts";
const emu = await startEmulator({ script: { default: ["hello back"] } });
const dir = writeAgentDir({ url: emu.url });
const run = () => new Promise<{code: number|null, out: string, err: string}>((resolve) => {
  const p = spawn("pi", ["--offline", "--mode", "json", "-p", "hello"], { cwd: dir.agentDir, env: { ...process.env, ...dir.env }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "", err = "";
  p.stdout.on("data", d => out += d); p.stderr.on("data", d => err += d);
  p.on("close", code => resolve({ code, out, err }));
});
const t0 = performance.now();
const r = await run();
console.log("ms", performance.now() - t0, r.code, r.err.slice(0, 500));
const last = r.out.trim().split("\n").map(l => JSON.parse(l)).filter(e => e.type === "message_end").at(-1);
console.log(JSON.stringify(last?.message?.usage), last?.message?.stopReason, last?.message?.errorMessage);
await run();
for (const e of emu.log.entries) console.log(e.seq, e.conversation, e.turn, e.status, e.outcome, JSON.stringify(e.usage), e.cost?.total, JSON.stringify(e.prompt?.breakpoints), e.prompt?.tokens, e.error?.message);
await emu.close();
