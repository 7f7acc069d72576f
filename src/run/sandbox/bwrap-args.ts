/**
 * bubblewrap command lines, built from a plan. Pure: paths in, argv out.
 *
 * Why bubblewrap and a PID namespace (and not `unshare`, or a cgroup): `--die-with-parent` ties
 * the namespace's life to the process that started it, so a SIGKILLed pi-delegate still takes
 * every process of its child with it — the kernel kills all of a PID namespace when its first
 * process dies, whatever session, group or environment those processes gave themselves.
 * `unshare --pid --fork --kill-child` has no such tie to its own parent, and a cgroup needs a
 * writable, delegated cgroup tree that ordinary machines (and this one, cgroup v1) do not give a
 * user. The same tool also builds the sandbox's mounts, so one dependency covers both.
 *
 * The kinds of command line:
 * - containment only (`mode: "off"`): the whole file system as it is, in a PID namespace of its own;
 * - a command joining the namespace a subprocess child's commands share without the sandbox, and the
 *   keeper that holds that namespace open (`joinedCommand`, `keeperArgs`);
 * - the sandbox (`mode: "enforce"`): `/` read-only, a private /tmp, the writable roots read-write,
 *   the watched-only roots and protected `.git` directories read-only, no network unless allowed,
 *   and no capabilities (as root, a process with CAP_SYS_ADMIN could remount a read-only bind).
 * Later mounts cover earlier ones, so the order below is the policy: read-only first, then what
 * is writable, then what is taken back inside it.
 */
import type { SandboxPlan } from "./types.ts";

export interface BwrapEnv {
	/** The command's working directory. */
	cwd: string;
	/** The parent's home: kept visible (it may lie under /tmp) and read-only. */
	home: string;
	/** Host directory mounted as the child's private /tmp (one per child, so commands share it). */
	tmp: string;
	/** Paths the child must still see read-only although they lie under /tmp (prompt files, the agent dir …). */
	visible?: readonly string[];
	/** Paths that are read-write besides the plan's (the outer layer's session and agent directories). */
	alsoWritable?: readonly string[];
	/** Host directories mounted read-write at another place, after the private /tmp (a subprocess child's start caches). */
	mounts?: ReadonlyArray<{ from: string; to: string }>;
	/** Keep capabilities and the network: the outer layer of a subprocess child, whose Pi must reach its provider and nest a sandbox per command. */
	outer?: boolean;
}

/** The flags that make a PID namespace ending with its parent. */
const CONTAIN = ["--unshare-pid", "--die-with-parent"];

/**
 * A bash command runs as the namespace's first process (`--as-pid-1`). Without it bubblewrap's
 * own init is the first process and bubblewrap returns as soon as the command exits — a few
 * milliseconds before the kernel has finished killing what the command left behind. With the
 * command as first process, bubblewrap returns only once the whole namespace is gone, so "the
 * command ended" means "nothing of it is left". (A Pi process is not run so: as first process it
 * would not see a SIGTERM from outside; contain.ts waits for the namespace instead.)
 */
const AS_PID_1 = ["--as-pid-1"];

/**
 * A bash command does not see /run: the sockets of the machine's daemons live there (a container
 * engine's socket is as good as root), and connecting to a socket is not a write that a read-only
 * mount refuses. The resolver's directory stays, for DNS when the network is allowed.
 */
const HIDE_RUN = ["--tmpfs", "/run", "--ro-bind-try", "/run/systemd/resolve", "/run/systemd/resolve"];

/**
 * What a command keeps of root's capabilities when pi-delegate runs as root (bubblewrap gives a
 * command of any other user none, and keeps all of root's): what installs and builds need — file
 * ownership and modes, switching users, privileged ports — and nothing that reaches past the
 * command's namespaces. CAP_SYS_ADMIN alone would let it unmount its own /proc and find, under
 * it, the /proc of the process that started it: its descriptors (a subprocess child's event
 * stream, pi-delegate's own output) and its memory. Docker's default set, less CAP_MKNOD.
 */
const ROOT_COMMAND_CAPS = [
	"CAP_CHOWN",
	"CAP_DAC_OVERRIDE",
	"CAP_FOWNER",
	"CAP_FSETID",
	"CAP_KILL",
	"CAP_SETGID",
	"CAP_SETUID",
	"CAP_SETPCAP",
	"CAP_SETFCAP",
	"CAP_NET_BIND_SERVICE",
	"CAP_NET_RAW",
	"CAP_SYS_CHROOT",
	"CAP_AUDIT_WRITE",
];

/** The capability flags of a contained command; `root`: pi-delegate runs as root. */
export function commandCaps(root: boolean): string[] {
	return root ? ["--cap-drop", "ALL", ...ROOT_COMMAND_CAPS.flatMap((cap) => ["--cap-add", cap])] : [];
}

/**
 * Containment alone: everything as it is (devices included), in a PID namespace of its own with a
 * /proc of its own. A command (`command`) also runs as the namespace's first process, and as root
 * (`root`) with root's capabilities cut to ROOT_COMMAND_CAPS.
 */
/** The whole file system as it is, devices included, with a /proc of the namespace's own. */
const WHOLE_HOST = ["--bind", "/", "/", "--dev-bind", "/dev", "/dev", "--proc", "/proc"];

export function containArgs(
	cwd: string,
	options: { command?: boolean; root?: boolean; copies?: SandboxPlan["copies"] } = {},
): string[] {
	const first = options.command ? [...AS_PID_1, ...commandCaps(options.root === true)] : [];
	return [...CONTAIN, ...first, ...WHOLE_HOST, ...copyMounts(options.copies), "--chdir", cwd, "--"];
}

/**
 * Without the sandbox, private copies (apply on-pass) are still mounted at their roots' paths, and
 * what a copy shows from the real root with them, writable as everything else is: writes are
 * detected there (the real roots are watched), not prevented.
 */
function copyMounts(copies: SandboxPlan["copies"]): string[] {
	return (copies ?? []).flatMap((c) => [
		"--bind",
		c.copy,
		c.root,
		...c.shown.flatMap((shown) => ["--bind-try", shown, shown]),
	]);
}

/** Where a joining command's shell opens the shared namespace (Pi's shell has descriptors 0–2 only). */
const USER_FD = 3;
const PID_FD = 4;

/**
 * The keeper of a subprocess child's command namespace: a PID namespace (and /proc) apart from the
 * child's Pi that only holds itself open, dying with Pi. It reports its first process on
 * descriptor 3 (`--info-fd`).
 */
export function keeperArgs(): string[] {
	return [...CONTAIN, ...WHOLE_HOST, "--info-fd", "3", "--"];
}

/** A namespace a child's commands share: its first process as this side sees it, and whether it has a user namespace of its own. */
export interface SharedNamespace {
	init: number;
	user: boolean;
}

/**
 * A bash command that joins the child's shared command namespace, with a /proc of that namespace:
 * what one command leaves in the background is there for the next, as without namespaces, and no
 * command sees the child's Pi. The shell opens the namespace's descriptors, then becomes bwrap.
 *
 * Without `--die-with-parent`: to enter a PID namespace bubblewrap forks an intermediate process
 * whose parent exits at once, and that flag set a parent-death signal racing the exit — on a loaded
 * machine one command in a few hundred was SIGKILLed before it ran (exit 137, no output). Nothing
 * of a command outlives the child without it: the namespace is the keeper's, which dies with Pi
 * (and every process in it with the namespace), and Pi's own stop of a command kills its group.
 */
export function joinedCommand(
	bwrap: string,
	shared: SharedNamespace,
	cwd: string,
	command: string,
	root: boolean,
): string {
	const ns = `/proc/${shared.init}/ns`;
	const open = [`exec ${PID_FD}<${ns}/pid`, ...(shared.user ? [`${USER_FD}<${ns}/user`] : [])].join(" ");
	const args = [
		...(shared.user ? ["--userns", String(USER_FD)] : []),
		"--pidns",
		String(PID_FD),
		...commandCaps(root),
		...WHOLE_HOST,
		"--chdir",
		cwd,
		"--",
	];
	return `${open}; ${wrapCommand(bwrap, args, command)}`;
}

/** `a` is `b` or lies inside it. */
export function within(a: string, b: string): boolean {
	if (b === "/") return true;
	const base = b.replace(/\/+$/, "");
	return a === base || a.startsWith(`${base}/`);
}

const unique = (paths: readonly string[]) => [...new Set(paths)];

/**
 * Where a path's files come from on this side: under a root the child works on through a private
 * copy (apply on-pass), from the copy, so that whatever is mounted at the root's path is the copy.
 */
function sourceOf(plan: SandboxPlan): (path: string) => string {
	const copies = plan.copies ?? [];
	return (path) => {
		const copy = copies.find((c) => within(path, c.root));
		return copy ? copy.copy + path.slice(copy.root.replace(/\/+$/, "").length) : path;
	};
}

/** The arguments of `bwrap` up to and including `--`; the command follows. */
export function bwrapArgs(plan: SandboxPlan, env: BwrapEnv): string[] {
	if (plan.mode === "off") return containArgs(env.cwd, { command: !env.outer, copies: plan.copies });
	const from = sourceOf(plan);
	const writable = unique([...plan.writable, ...(env.alsoWritable ?? [])]);
	const inWritable = (p: string) => writable.some((w) => within(p, w));
	const takenBack = plan.readOnly.filter(inWritable);
	const readOnly = plan.readOnly.filter((p) => !inWritable(p));
	const visible = unique([env.home, ...(env.visible ?? []), env.cwd]).filter((p) => p !== "/" && !inWritable(p));
	const args = [
		...CONTAIN,
		...(env.outer ? [] : AS_PID_1),
		...(env.outer || plan.network ? [] : ["--unshare-net"]),
		...(env.outer ? [] : ["--cap-drop", "ALL"]),
		"--ro-bind",
		"/",
		"/",
		"--dev",
		"/dev",
		"--proc",
		"/proc",
		"--bind",
		env.tmp,
		"/tmp",
		...(env.mounts ?? []).flatMap((m) => ["--bind", m.from, m.to]),
		...(env.outer ? [] : HIDE_RUN),
	];
	// A copy at its root's path, read-only like any visible path until write_allowed is bound over it.
	for (const copy of plan.copies ?? []) args.push("--ro-bind", copy.copy, copy.root);
	for (const path of unique([...visible, ...readOnly])) args.push("--ro-bind-try", from(path), path);
	for (const path of writable) args.push("--bind", from(path), path);
	// The paths a copy shares with the real root (ignored directories, not copied): writable where
	// the child may write, as under direct, read-only elsewhere.
	for (const shown of (plan.copies ?? []).flatMap((c) => c.shown)) {
		args.push(writable.some((w) => within(shown, w)) ? "--bind-try" : "--ro-bind-try", shown, shown);
	}
	for (const path of takenBack) args.push("--ro-bind-try", from(path), path);
	args.push("--setenv", "TMPDIR", "/tmp", "--chdir", env.cwd, "--");
	return args;
}

/** A word for a POSIX shell, quoted so that the shell passes it on unchanged. */
export function shellQuote(word: string): string {
	return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * A bash command rewritten to run inside bubblewrap: the shell Pi starts replaces itself (`exec`)
 * with bwrap, so Pi's own stop of the command (a kill of its process group) ends the namespace.
 */
export function wrapCommand(bwrap: string, args: readonly string[], command: string, shell = "bash"): string {
	return ["exec", bwrap, ...args, shell, "-c", command].map(shellQuote).join(" ");
}
