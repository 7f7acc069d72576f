/**
 * Classes the twelfth round's development files found (test/fixtures/briefs/README.md, "The twelfth
 * round"): each first case was misread before — a read-only brief blocked, or an order or rule let
 * through — and its near twin keeps the reading it had.
 */
import { describe, it } from "vitest";
import { blocks, forks } from "./expect-gate.ts";

describe("what an order leaves out, and where a change goes", () => {
	it("blocks skipping or ignoring whatever sits in a place", () => {
		blocks(
			"Profile the shader compile times and rank the ten slowest. Ignore anything under `Shaders/Debug/`; those are stripped from shipping builds.",
		);
		blocks(
			"Map out the retry settings of every task in `tasks/`. Put it in a table. Skip whatever is in `tasks/legacy/`; it goes next sprint.",
		);
		forks("Mark anything you are unsure about with a question mark.");
		forks("Ignore style nits.");
	});

	it("blocks a change placed with nowhere else for it to go", () => {
		blocks(
			"Investigate the TLS timeout between `ledger` and `accounts`. If the fix turns out to be a proxy annotation, it goes on the `ledger` Deployment in `k8s/ledger/deploy.yaml` and nowhere else.",
		);
		forks("The traffic goes nowhere else, as far as I can see. Why?");
	});

	it("blocks nothing extra after the answer", () => {
		blocks("Table format: library name, ppx list. Nothing extra after the table.");
		forks("The comment says `# see design note` and nothing more. What design note?");
	});

	it("blocks work carried on as the same treatment", () => {
		blocks(
			"I've moved the `orders` models to the new naming. Still left: `payments` and `refunds`. Same treatment for those two, then list what broke.",
		);
		forks("The same fix for `b.ts` fails. Why?");
	});
});

describe("commands and needs that change things", () => {
	it("blocks a command that writes by its script's name or its subcommand", () => {
		blocks("If it is, run `./tools/update_sdk.sh steamworks 1.59` to pull the new SDK in.");
		blocks("Run `helm dependency update charts/platform` and tell me which subchart versions moved.");
		blocks("If the status is stale, run `flux reconcile kustomization infra-crds` and tell me whether it recovers.");
		blocks("SSH in and run `mix phx.digest` in `/srv/app/current`, then tell me whether the manifest changed.");
		forks("Run `./scripts/check_links.sh` and tell me which links are dead.");
		forks("Look at `apps/web/codegen.ts` and tell me what it generates.");
	});

	it("blocks a run whose purpose is a change", () => {
		blocks(
			"Run `godot --headless --editor --quit` once so the `.godot/` import cache gets rebuilt, and tell me whether the error remains.",
		);
		forks("Run `pytest` so the failures are visible, and tell me which one fails first.");
	});

	it("blocks a written thing's duty to say something", () => {
		blocks("`docs/guides/save-format.md` still describes the v2 header. The guide has to reflect the v3 layout.");
		blocks("`docs/setup.md` needs to mention Node 22.");
		forks("I'm writing the store page and want to describe the achievements accurately. How are they tracked?");
	});

	it("blocks a thing's value asked to move", () => {
		blocks("Could the default timeout in `cli/src/config.rs` go from 10 s to 30 s? Users keep tripping it.");
		forks("Could the latency go from 80 ms to 600 ms because of the middleware?");
	});
});

describe("reading that looked like work", () => {
	it("forks a comparison named with vs", () => {
		forks("Bevy `Events<T>` vs a crossbeam channel for the audio command queue: which fits `src/audio/` better?");
		forks("Compare how each handles codecs on Switch (Opus/ADPCM vs Vorbis) and tell me if anything forces our hand.");
		blocks("Tweak `config.ts` so the timeout is 30 s.");
	});

	it("forks reasoning and relating as reading", () => {
		forks(
			"What's your take on components versus entities for status effects? Reason it through; I'd like the tradeoffs.",
		);
		forks(
			"How does FMOD virtualise voices? Relate it to the `Max Instances` settings and explain what the player hears.",
		);
	});

	it("forks setting or holding one thing against another", () => {
		forks("Read the compensation routines and set them against the Bosch formulas in `docs/bosch.txt`.");
		forks("`dtc -I fs` prints the running tree; set it against `arch/arm/boot/dts/acme-gw.dts`. Where do they differ?");
		blocks("Set the timeout to 30s.");
	});

	it("forks following what is read, not what binds", () => {
		forks("Start from `infra/envs/*/backend.tf` and follow the module sources. Which states share modules?");
		forks("Begin at `SaveSyncCoordinator.kt` and follow the remote-config keys it checks. What does a new user get?");
		forks("Start in `lib/acme/application.ex` and follow into the Oban child spec. Where does the delay come from?");
		blocks("Follow the style guide.");
		blocks("Follow the existing pattern in `api/users.ts`.");
	});

	it("forks a record taken as the concrete case", () => {
		forks("Use `dags/partners/acme_feed.py` as the concrete case and tell me which state the task ends in.");
		blocks("Use pnpm instead of npm in `scripts/ci.sh`.");
	});
});

describe("statements that looked like orders", () => {
	it("forks what a record or a command should show", () => {
		forks("The lineage in `target/manifest.json` should show the upstream; I want to know which rates table it uses.");
		forks("`nm --size-sort -S` on each plus a diff should narrow it down. Tell me the symbols that grew.");
		blocks("The settings page should show a banner when offline.");
	});

	it("forks participles spelt like their verb, and nouns before what they do", () => {
		forks("It runs every 5 minutes, `ALLOW_OVERLAPPING_EXECUTION` isn't set, and the MERGE takes 7. What happens?");
		forks("Run `pytest tests/api` with `DEBUG_SQL=1` set and read the query log it prints.");
		forks("Training loss plateaus at 2.1, while the 1e-4 run keeps dropping. Look at the schedule and tell me why.");
		blocks("Set `DEBUG_SQL=1` in `.env`.");
	});

	it("forks a thing named and what it has or did", () => {
		forks("## Context\n- pool `vendor_pool` has 4 slots\n- Airflow 2.7.3\n\nWhy does the sensor hold a slot?");
		forks("Commit `3fe02ab` switched `SaveWriter` from zlib to zstd. Review the reader for truncation.");
		blocks("Make `retries` required in the schema in src/schema.ts.");
		blocks("Commit `notes.md` when done.");
	});

	it("forks an only that closes a sentence which states", () => {
		forks("The Android app crashes on cold start, API 26 devices only. Find out why desugaring misses it.");
		forks("The Giraffe app throws on startup, in staging only. Figure out what skips the cache registration.");
		blocks("Read the parser only. Tell me why it is slow.");
	});
});

describe("work named elsewhere in the brief", () => {
	it("forks running a command named just before, when it changes nothing", () => {
		forks(
			"Does `bitbake-layers show-appends` list the bbappend from meta-customer? Run it and tell me which appends apply to the kernel recipe.",
		);
		forks(
			"Run the cocotb testbench for the UART (`make -C sim/uart SIM=icarus`) and tell me why `test_break` times out.",
		);
		blocks("Does `npm run format` touch the vendored files? Run it and tell me.");
		blocks(
			"`acme --help` takes 1.8s. Run it as `python -X importtime -m acme 2> importtime.log` and tell me which imports dominate.",
		);
	});

	it("forks doing the same, or the following, as reading said elsewhere", () => {
		forks(
			"Run `python tools/latency.py --model a.engine`, report p50 and p95, then do the same with `models/b.engine`.",
		);
		forks(
			"Please do the following and report after each step: 1. Find the system that writes `LocalTransform`. 2. Check whether it runs before the transform group.",
		);
		blocks("I've renamed the handlers in `api/`. Do the same for `admin/`.");
		blocks("Please do the following: 1. Rename `a.ts`. 2. Delete `b.ts`.");
	});

	it("forks a document's rule reported and then checked", () => {
		forks(
			"The runbook says the Vault PKI CRL must be rebuilt after any revocation. Find out whether our revocation script triggers a rotation.",
		);
		blocks("The user says the jump address has to match the linker script. Check the bootloader.");
		blocks("The runbook says the CRL must be rebuilt. Rebuild it.");
	});

	it("forks what counted or named subjects do", () => {
		forks("Three clusters write to the same Route 53 zone. Is the `dynamodb` registry worth moving to?");
		forks("EU and NA run the same image with different env files. What explains the latency gap?");
		blocks("Build and deploy the image.");
		blocks("Three files are stale: delete them.");
	});

	it("forks a named thing and what it is or does not do", () => {
		forks(
			"Dune builds it with `ocamllex`, and `test/lexer_test.ml` doesn't cover much of this. Is the string handling sound?",
		);
		blocks("`src/api.ts` is not to be touched.");
		blocks(
			"`src/gatsby-types.d.ts` lacks the new field. Run `gatsby build` with `graphqlTypegen` enabled so the file regenerates, then tell me whether it type-checks.",
		);
	});

	it("forks commands named and then said to be fine to run", () => {
		forks(
			"Find out which resources the old role modified. `terraform state list` and `terraform state show` are fine to run.",
		);
		blocks("`terraform apply` is fine to run. Bring the staging workspace up to date.");
	});

	it("blocks a file wanted where it is to be, and writing flags and macros", () => {
		blocks(
			"We need a short page at `docs/architecture/telemetry.md` describing how spans flow. Research it from the code first.",
		);
		forks("We need a summary of what is in `docs/architecture/telemetry.md`.");
		blocks("Run `npx chromatic --auto-accept-changes --branch-name visual-refresh` and report the build URL.");
		forks("Run `eslint --fix-dry-run` and tell me what it would change.");
		blocks(
			"Run `dbt run-operation drop_stale_schemas --args '{days: 14}'` against the dev target and list what got dropped.",
		);
		forks("Run `dbt run-operation list_stale_schemas` and tell me what it finds.");
	});

	it("blocks a reading order closed by alone, and forks a may not of no change", () => {
		blocks(
			"Count the imports per directory. Look at the TypeScript files alone; the generated `*.d.ts` only inflate the numbers.",
		);
		forks("Explain how the gate decides whether a brief says to leave something alone.");
		forks("Would splitting `crates/core` help compile times? The dependency graph may not allow a clean cut.");
		blocks("The schema may not be edited.");
		blocks("`src/api.ts` may not change.");
	});

	it("blocks leaving suggestions out of the answer, as no recommendations", () => {
		blocks(
			"Tell me how the virtual list recycles DOM nodes. Answer from `packages/wc/src/` as written; skip any suggestions for improving it.",
		);
		forks("Skip the preamble in your answer.");
		forks("Make sure you mention any file you couldn't read.");
	});
});
