/**
 * Classes the tenth round's development files found (test/fixtures/briefs/README.md): each case
 * was misread before — a read-only brief blocked, or an order or rule let through — and its near
 * twin keeps the reading it had.
 */
import { describe, it } from "vitest";
import { blocks, forks } from "./expect-gate.ts";

describe("words that name a property of every object", () => {
	it("reads 'constructor' and 'toString' as the words they are", () => {
		// "constructor" was read through a lookup table's prototype, as a function, not a word.
		forks("Why does the constructor of Foo call toString twice? Could a fork trace the constructor calls?");
		blocks("Could a fork make the constructor private?");
	});
});

describe("rules the gate let through", () => {
	it("blocks a limit stated before an order asked as a question", () => {
		// "can you walk through" asks nothing; what comes before it is no part of a question.
		blocks("Without touching the feature store, can you walk through the ranking code for me?");
		forks("The README could use a rewrite, don't you think?");
	});

	it("blocks a cap on the answer stated without a verb", () => {
		blocks("How does GPU memory get allocated? Three bullets at most, please.");
		blocks("How does it work? At most three bullets.");
		blocks("How does it work? Max two paragraphs.");
		blocks("How does it work? Three bullets tops.");
	});

	it("blocks a script written to a path in code, and a file named by its last noun", () => {
		blocks("Write a small comparison script at `scripts/bench_json.py` and tell me how to run it.");
		blocks("Write a comparison script.");
		forks("Write a summary at the top of your answer.");
		forks("Write up a review of the migration plan.");
	});

	it("blocks work in flight seen through, however long its name", () => {
		blocks("See the API versioning work through.");
		blocks("See the migration through to the end.");
		forks("See if the request goes through.");
		forks("See how the data flows through the pipeline.");
	});
});

describe("read-only briefs the gate blocked", () => {
	it("forks a capitalised name after 'and', which is no verb", () => {
		forks("Explain how our Python and Go clients differ in the way they serialise timestamps.");
		forks("Explain how Python and Go differ.");
		blocks("Read a.ts and fix the parser.");
	});

	it("forks a wish for an answer with words qualifying it", () => {
		forks("What is wrong with it? I want a frank review of the new notification fan-out.");
		forks("How does the CRDT merge cope with overlapping deletes? I'd like the intuition behind it.");
		blocks("What broke? I want a new endpoint for it.");
	});

	it("forks an answer that helps the writer do their own part", () => {
		forks("What's in the changelog since 2.3? A rundown would help me write the release email.");
		forks("Summarise the RFC discussion for me. I don't have time to wade through it.");
		blocks("Summarise it. I don't want you to touch the RFC.");
	});

	it("forks a wish to know whose 'never' is in what is asked", () => {
		forks("Compare the two logging setups. I want to know why the JSON fields never line up in Kibana.");
		blocks("I'd like to know how it deletes the rows. Also I want nothing deleted.");
	});

	it("forks a thing given a look, however long its name", () => {
		forks("Give the Kotlin coroutine code in the sync module a review.");
		blocks("Give the Kotlin coroutine code in the sync module a retry count.");
		blocks("Give the failing jobs in the nightly workflow a quick look and a timeout.");
	});

	it("forks an act word named by what it qualifies", () => {
		forks("Take a critical look at the README rewrite. Is it clear to a newcomer?");
		forks("Take a look at the Postgres upgrade. Is it safe?");
		blocks("Look at the README. Rewrite it.");
	});

	it("forks an idiom a permission frames", () => {
		forks("Is the cache worth it? Feel free to push back on my assumptions.");
		blocks("Is it worth it? You're free to push the branch.");
	});
});

describe("the agents' register: act words that name or describe", () => {
	it("forks an act word that names a thing's kind, describes a noun, or is a gerund subject", () => {
		// Each blocked: "commit", "touching", "Building", "bumping" read as orders.
		forks("Security review of commit `a3f9c21`, which touches `infra/modules/storage/`. Return: findings.");
		forks("TL;DR of the three open PRs touching `pkg/scheduler/`, please — what each one does.");
		forks("Building the `ffi-bridge` crate for arm64 fails at link time. Have a look at `build.rs` and work out why.");
		forks(
			"Over the last hour the user and I tried three things: bumping the timeout, pinning `websockets==11.0`, and running with `-p no:randomly`. None worked. Summarise what each attempt tells us.",
		);
		forks(
			"Give me a summary of how checkpoints are saved: what state is included and what is missing for an exact resume.",
		);
		// The same words as orders.
		blocks("Commit `a3f9c21` and tell me the hash.");
		blocks("Consolidating the three date helpers into one is what I'm after.");
		blocks("Build the `ffi-bridge` crate for arm64 and tell me whether it links.");
	});

	it("forks a list item or a name where an unknown word heads it", () => {
		forks("Which checks are too loose to have caught the bad rows — nulls in `customer_id`, negative `quantity`?");
		forks("Look around `docs/` and describe the pipeline end to end — source files, plugins, where the output lands.");
		forks(
			"Review the diff in PR #1187 (branch `feat/rate-limit-v2`, files under `gateway/ratelimit/`). Report findings.",
		);
		forks("Weigh in on whether `LayoutBuilder` is right for the settings page versus `MediaQuery`.");
		forks(
			"Why does AGENTS.md say never to regenerate it by hand? Reconstruct the reasoning from the setup in `tools/codegen/`.",
		);
		blocks("Review the diff (and patch `gateway/x.ts`, please).");
		blocks("Frobnicate the config in `tools/codegen/`.");
		blocks("Dump the list of unused exports into unused.txt.");
	});

	it("forks what was done and described, not wished", () => {
		forks("Is the workspace split right? The user has applied to the wrong workspace twice this quarter.");
		forks(
			'`docs/CONTRIBUTING.md` says "Avoid default exports." with no rationale given. Explain what default exports would break here.',
		);
		forks(
			"Summarise the open questions in the RFC. The user wants the contentious points surfaced, with who raised each.",
		);
		blocks("The fixtures have to be regenerated.");
		blocks("No tests given. Write them.");
	});
});

describe("the agents' register: needs and limits it let through", () => {
	it("blocks a need placed in a file", () => {
		blocks(
			"That is the missing piece — `DisableAnimationsRule.kt` needs wiring into `PaymentSheetTest`. Are there others?",
		);
		blocks("A redirect entry in `mkdocs.yml` is required. Are there other renamed pages?");
		forks("Why is a redirect entry in `mkdocs.yml` required?");
		forks("Auth is required for this endpoint in `api/x.ts`; how is it enforced?");
		forks("The doc needs checking in `docs/a.md`. What does it say?");
	});

	it("blocks a read limited by 'but nothing under'", () => {
		blocks("Check the `.frag` files in `shaders/` but nothing under `shaders/third_party/`. List file:line.");
	});
});

describe("the agents' register: reading directions and circumstances", () => {
	it("forks records used to answer from, and a second place to look", () => {
		forks(
			"Summarise what changed. Use `CHANGELOG.md` and the diff between the two tags, and call out anything breaking.",
		);
		forks("How do they differ? Look at `package.json` on both branches and at the lockfiles.");
		blocks("Use `src/new-api.ts` in the handlers.");
	});

	it("forks an 'only' that says when a stated thing happens", () => {
		forks("Lag climbs on partition 7, and only in the minutes after a deploy. Why?");
		forks("List the handlers, including the ones only reachable via thrown errors.");
		blocks("Read src/, and only in the parser.");
		blocks("The bug shows up, but only on Windows. Fix it only in src/win.ts.");
	});
});

describe("a user's voice: runs of checks, frames of reading, reported rules", () => {
	it("forks a run of checks ordered as the means to an answer asked after it", () => {
		forks("Run the test suite for the payments package and tell me which tests are flaky.");
		forks("Type-check the whole monorepo with `tsc --noEmit` and tell me how bad it is.");
		forks("Run eslint over the frontend and tell me which rules fire the most.");
		blocks("Run the tests.");
		blocks("Run the linter with --fix and tell me what changed.");
		blocks("Could you explain why `make test` is slow, and then run `make clean && make deps` to see if that helps?");
	});

	it("forks a reading verb in a frame's gerund, and a wish to know after 'love to'", () => {
		forks("Fancy taking a look at the accessibility of the checkout form?");
		forks("Would you mind having a look at PR #482 and telling me what you think?");
		forks("I'd love to know why `git blame` shows the whole auth folder as changed. Was that a formatter run?");
		forks("Is it me, or does `UserCard` re-render on every keystroke? Would love to know why.");
		blocks("Mind giving the logger a timestamp prefix?");
		blocks("Mind fixing the tests?");
		blocks("I'd love to know why it fails, and then fix it.");
	});

	it("forks a rule reported from a document and asked about, and quoted words heard", () => {
		forks("Small thing — the README says you should never run migrations by hand in prod. Why is that?");
		forks(
			'Why did the team move away from Redux? I have heard "we never want a global store again" but nobody explains it.',
		);
		blocks("The README says never run migrations by hand. Follow it.");
	});

	it("forks a means named, a writer's own plan and a second opinion before the writer's act", () => {
		forks(
			"Summarise what changed between the tags — `git log` and `git diff` between them should get you most of the way.",
		);
		forks("How many orgs have more than 500 seats? A quick SELECT should tell us; I am sizing the migration.");
		forks(
			"If we removed the `prevent_destroy` block, what would the next plan do? Not planning to do it, I just want to understand.",
		);
		forks("Pretty sure the flaky test is a race, but I'd like a second opinion before I go chasing it.");
		forks("Could you diff the prod and staging nginx configs and tell me which differences matter?");
		forks("Why is the lambda slow? CODEOWNERS doesn't mention it and I need to ask its owner something.");
		blocks("I'd like the tests fixed before I merge.");
		blocks("Mind giving it a once-over and fixing anything stale?");
	});

	it("forks work routed to a fork, and asked of someone politely", () => {
		forks("hey, pass this to a fork: does the CSV importer handle BOMs, or do we get a weird first column?");
		forks("Would you hand a review of the new Helm chart off to a fork? I'm mostly curious about resource limits.");
		forks("I'd be grateful if someone could look into why Swift package resolution fails on Xcode 15.");
		blocks("Pass this to a fork: delete the stale fixtures.");
		blocks("I'd be grateful if someone could fix the Swift build.");
	});

	it("blocks a limit joined to an order asked as a question, and 'nothing about' the answer leaves out", () => {
		blocks("Could you look at the flaky Cypress test and see what is happening — without modifying the test itself?");
		blocks("Summarise the open PRs. Nothing about the flaky tests, I have read those already.");
		forks("Could you list, in your reply, every file the sandbox makes read-only?");
		forks("Which is better, zod or io-ts? We only validate API responses, nothing on the way in.");
		forks("Why? Nothing about the setup makes sense.");
	});
});

describe("the agents' register, second file: facts wished, beliefs, plans weighed", () => {
	it("forks facts wished for, and blocks things wished built or kept in a file", () => {
		forks("Explain how it resolves. I want the query plan in words: which subgraph is hit first.");
		forks("Why is it deliberate? I want evidence — comments, tests, or the design doc.");
		blocks("What broke? I want a new endpoint for it.");
		blocks("What broke? I want the summary in `notes.md`.");
		blocks("What broke? I want tests.");
		blocks("We need a `--json` flag on `acme status` that prints the same information as JSON.");
		blocks("What broke? I want the old behaviour back.");
	});

	it("forks a belief, a description that ends on 'yet', and a predicate going on from a statement", () => {
		forks(
			"How does the content script get at the state? It runs in an isolated world, so I'd expect it not to see page globals.",
		);
		forks("Report the list — I'd expect six or seven models, not thirty.");
		forks(
			"I've drafted a change (not committed yet) that moves webhooks onto a queue. Review it for ordering problems.",
		);
		forks(
			"Look over `preamble.tex`. We load `amsmath`, `mathtools` and `fontenc`, and build with lualatex. Which are pointless?",
		);
		blocks("I'd have the tests fixed first.");
		blocks("Review it. No commits yet.");
		blocks("Read a.ts, and fix it.");
		blocks("We checked the logs and then delete the old ones.");
	});

	it("forks a third party's plan weighed by an order to judge it", () => {
		forks(
			"Someone on the team wants to replace every `GetComponent<T>()` call with cached fields and then delete the `ComponentCache` helper. Before that goes ahead, assess whether `ComponentCache` does anything the fields would not.",
		);
		blocks("The team wants to delete the helper. Go ahead and do it.");
	});

	it("blocks limits on the answer and commands that write, whatever the tool", () => {
		blocks("Read `pkg/imgproc.js`. Your answer must not exceed a short paragraph plus the relevant snippet.");
		blocks("Explain the supervision tree. Answer in three sentences or fewer; it is going into a PR description.");
		blocks(
			"Run `mix ecto.migrate` against the dev database, then `mix run priv/repo/seeds.exs`, and tell me whether the seeds trip the index.",
		);
		blocks("Run `dbt snapshot --select customers_snapshot --target dev` and tell me how many rows were inserted.");
		forks("Run `terraform plan` in `infra/envs/staging` and tell me what the diff says.");
		forks("Why does it spill? The skew looks extreme (max task 40 min, median 20 s).");
		forks("Explain it. Your answer should open with the verdict.");
	});

	it("forks an adverb heading a clause and a commit named after 'with'", () => {
		forks(
			"For each shared field, check that every subgraph returns the same value — otherwise the router can hand back inconsistent data.",
		);
		forks("Grad clipping at 1.0 came in with commit `a41c9e2`. Why does validation loss diverge?");
	});
});

describe("the agents' register, second file: items, labels, means and circumstances", () => {
	it("forks 'never' before a found item's participle, a habit of ours, and a piece of the answer wished", () => {
		forks("Enumerate the flag keys. I want three lists: referenced but not defined, defined but never referenced.");
		forks("List the flags. Never edited by hand.");
		blocks("Never edit the flags.");
		blocks("I'd like a list of files that never change, and never touch them.");
	});

	it("forks a label naming the evidence after it, a means named and a circumstance of 'only'", () => {
		forks(
			"## Goal\nUnderstand why loss diverges.\n\n## Context\n- Run logs: `runs/2024/metrics.jsonl`\n\n## Deliverable\nYour best explanations.",
		);
		forks(
			"Profile `parse_batch`. `cargo bench --bench parse --features dhat-heap` should give you a heap profile. Tell me the top sites.",
		);
		forks("Pods of `payments-api` get OOMKilled only during the 02:00 batch. Work out why.");
		forks("It fails only on CI. Why?");
		blocks("Run this: `rm -rf build`");
		blocks("Changes go only in src/gate. Why is it slow?");
		blocks("The fix should land only in `src/a.ts`.");
	});

	it("forks the answer's items returned or included, a reading direction and a relative clause's 'would'", () => {
		forks(
			"Find every page in `docs/` that links to removed endpoints. Return the page path, the link target and the line.",
		);
		forks("Compare Parquet and Delta. Include what Z-ordering would buy us and what a migration would involve.");
		forks(
			"Start at `Reconcile` in `controllers/tenant_controller.go` and follow into `pkg/status/`. Which write collides?",
		);
		forks(
			"Can that deadlock? Trace both and answer yes or no, with the interleaving that would deadlock if there is one.",
		);
		blocks("Return the page path in `out.txt`.");
		blocks("Return a list of users from the endpoint.");
		blocks("Return the original error instead of wrapping it.");
		blocks("Add what the flag does to the README.");
		blocks("Include what the flag does in `README.md`.");
		blocks("I want a change that would remove the cache.");
	});
});

describe("orders the round's development files let through", () => {
	it("blocks judgement bound to a document's rules, a size given to the whole answer, and work relayed in quotes", () => {
		blocks(
			"Review the new endpoints. Judge them by the rules in `docs/api-style.md` — that document is the source of truth.",
		);
		blocks("Is `chrome.storage.session` available to content scripts? One-sentence answer plus the doc link.");
		blocks('From the ticket: "1. Investigate duplicate emails on signup. 2. Add an idempotency key to the job."');
		forks("Review the endpoints and tell me which break the rules.");
		forks("Wrap the answer up with a one-line verdict.");
		forks('Why does the "do not merge" label exist?');
		forks('Why does the ticket say "never deploy on Fridays"?');
	});
});

describe("a user's voice, third file", () => {
	it("forks a look given, 'we'd' of the past or of a consequence, a belief's 'would', idioms of doubt", () => {
		forks("Can you give the new rate limiter middleware a read-through and tell me if anything looks off?");
		forks("Is there anywhere that still calls the legacy endpoint? I thought we'd killed it off back in spring.");
		forks("Why is it slow when there's an index on it? I assumed Postgres would use the index.");
		forks("What do you make of the proposal? Feels like we'd lose the type checking we get from the settings class.");
		forks("Thoughts on the error handling? Feels like we swallow too much but I can't quite put my finger on where.");
		forks("Is that true any more? Looking at the data I'm not so sure.");
		blocks("I'd fix the parser first.");
		blocks("I'd have the tests fixed first.");
		blocks("I'd be grateful if you removed it.");
	});

	it("forks needs asked about, runs of checks asked, comparisons, the writer's own act and elided wishes", () => {
		forks(
			"Could I get a summary of what changed? Someone on the team asked whether we need to fix anything on our end.",
		);
		forks("Could you run the test suite for the payments package a few times and tell me which ones are flaky?");
		forks("How does the table get populated? There's no code writing to it that I can find.");
		forks("what calls `recalculateTotals`? feels like it runs way more often than it should");
		forks("From the ticket: 'Users report seeing another user's avatar. Started after the 3.14 deploy.' Any idea why?");
		forks("What does our release process look like? I'm on call next week and would rather not embarrass myself.");
		forks(
			"Would splitting utils.py be worth the churn? Half the team wants to, the other half thinks it's bikeshedding.",
		);
		blocks("Could you run the tests and fix what fails?");
		blocks("The parser should be faster than it is. Make it so.");
	});
});

describe("the agents' register, third file", () => {
	it("forks acts named after a preposition, names in brackets, a choice of course asked, and readings of the answer", () => {
		forks("The service stalls under load and recovers on restart. Walk through the pipeline.");
		forks("I patched it (commit `4be1f0c` on this branch). Which callers depended on the old value?");
		forks("Would you move `SessionStore` to `DashMap`, or to an actor behind an mpsc channel? Give me your pick.");
		forks("Would you ship the markdown renderer as WASM inside the extension, or keep the JS `marked` dependency?");
		forks("What is your take? Factor in key rotation and replay protection.");
		forks("What would we lose with each engine? Lay it out per engine.");
		forks("Figure out what the server is doing. A sketch of the call graph would help.");
		forks("I want to know whether `reconcileService` in `a.go` issues an update on every reconcile.");
		forks(
			"I reproduced it — two `charge.refunded` events 300 ms apart each create a `Refund` row. List every code path.",
		);
		blocks("Would you update the README, or fix the docs?");
		blocks("Would you update the README or the docs?");
		blocks("Review it (and commit `a.ts` when done).");
		blocks("Whatever happens, the schema migrations aren't yours to change.");
		blocks("I want you to commit `a.ts`.");
	});

	it("blocks commands that apply or refresh, done or run, and a stop put to the work", () => {
		blocks(
			"If it is the incremental window, do a `dbt run --full-refresh -s stg_orders` on the dev target and compare.",
		);
		blocks("Once you know, run `mix deps.unlock phoenix_live_dashboard && mix deps.get` to see the resolution.");
		blocks(
			"Run `ansible-playbook -i inventory/staging site.yml --tags ntp --limit bastion` and tell me what it changed.",
		);
		blocks("Which modules pin provider versions? Answer as a two-column table and stop there.");
		forks("Run `ansible-playbook site.yml --check` and tell me what it would change.");
		forks("Run `kubectl get pods` and tell me which ones crash.");
		forks("Do a `git log` and tell me what changed.");
	});
});

describe("the agents' register, third file: subjects, purposes, guesses, third parties", () => {
	it("forks acts with their subject, a thing's purpose, a guess, an elided verb and others' wishes", () => {
		forks(
			"Compare the two buses. What matters: lagging receivers (today we drop the message and log), and backpressure.",
		);
		forks(
			"PR #812 changes the reconciler to delete and recreate the StatefulSet when the size changes. Review the approach.",
		);
		forks(
			"My hunch is that late joiners get the variable but never the RPC, so the animator stays in its default state. Trace it.",
		);
		forks("Our guidelines say every flag must have an owner. In practice about half don't. Is enforcing it worth it?");
		forks("Summarise what the PR did. I need a readable summary for the channel of what moved where and what is gone.");
		forks(
			"It uses Type 1 fonts today, but the publisher wants Noto for the CJK appendix. What would each engine require?",
		);
		forks(
			"Do an accessibility review of `Features/Onboarding/`: Dynamic Type clipping, VoiceOver labels, focus order. Report by screen.",
		);
		forks(
			"Investigation plan:\n1. Find where amounts get converted.\n2. Check how exponents are handled.\nWrite up what you find, step by step.",
		);
		blocks("Change the reconciler to delete the set.");
		blocks("The config stays read-only. Check it.");
		blocks("Don't.");
		blocks("I need the stale flags removed.");
		blocks("The user wants the flag removed.");
		blocks("Write up what changed in CHANGELOG.md.");
		blocks("It would be nice if the page showed which user changed it.");
	});
});

describe("wishes for facts named by their last noun, and courses weighed", () => {
	it("forks facts named by their last noun, a take wished, praise of an answer and a course asked worth it", () => {
		forks(
			"Pin down which module creates it. I want the module path(s) and the full resource address as Terraform would print it.",
		);
		forks("Why does the parser accept it? I'd like the precise rule in the code that makes the difference.");
		forks("Is it a bad idea? I am on the fence and could use an outside take.");
		forks("Which helper should people reach for? A side-by-side would help.");
		forks("Could a forked agent compare the locks? Pros and cons for our load pattern would be great.");
		forks("Worth switching the checkpoint format from `torch.save` pickles to safetensors? Consider load time.");
		blocks("Worth deleting the cache. Do it.");
		blocks("What broke? I want a new module for it.");
		blocks("I want the module tests.");
	});
});

describe("verdicts in brackets, heading labels and plural subjects", () => {
	it("forks a verdict in brackets on the thing before it, a 'Wanted' heading and a plural subject's verb", () => {
		forks(
			"Review it. Points I care about: blocking `webRequest` listeners (not allowed in MV3 outside enterprise installs), and globals.",
		);
		forks("## Question\nWhich clients still request the field?\n\n## Wanted\nA breakdown by client.");
		forks("Compare them. Files run 1–5M rows, and each row makes an HTTP call. Which is better?");
		blocks("Review it (not allowed to touch src/).");
		blocks("Review it (read-only).");
		blocks("Docs need updating.");
	});
});

describe("the round's fourth files", () => {
	it("forks the answer pasted back, things called out, sets derived, tools used to answer and flows described", () => {
		forks(
			"Run `terraform plan` and tell me why it wants to replace the instance. Paste the attributes marked `# forces replacement`.",
		);
		forks("Paste the relevant diff hunk back to me.");
		forks("Review the schema. Wherever a field depends on another subgraph, call it out.");
		forks("Enumerate the RBAC the operator needs. Derive the needed set from the markers in `internal/`.");
		forks("I saved two exports in `/tmp/memgraphs/`. Use `leaks` or `vmmap` on them and tell me which types grew.");
		forks("Stripe is sending `invoice.payment_succeeded` twice for some subscriptions. Explain the idempotency check.");
		forks("Investigate why the service worker dies after ~30s and loses its WebSocket. Check `background/sw.ts`.");
		forks("Upstream, the Kafka → S3 sink writes hourly partitions named in `dags/x.py`. Why is an hour missing?");
		forks("Is there anything worrying in how we hash passwords? It is bcrypt with cost 10, set up years ago.");
		forks(
			"Can a fork check whether the field is ever null? The dev DB has a copy of prod, so a read-only select or two should answer it.",
		);
		forks("Would you mind having a fork explain how the VAT rounding works on multi-line invoices?");
		forks("Which is safer? I'm still weighing it up and would value a second opinion.");
		forks(
			"what calls `legacyPriceFor()` these days? feels like it should be dead but i'm scared to find out the hard way",
		);
		blocks("Paste the snippet into `src/a.ts`.");
		blocks("Use `pnpm` instead of npm and tell me what breaks.");
		blocks("Use `src/new-api.ts` in the handlers and tell me what breaks.");
		blocks("Behaviour → behavior throughout the docs folder.");
		blocks("Revert the change from two days ago.");
		blocks("Would you mind having a fork delete the stale flags?");
		blocks("I think it should be removed.");
	});

	it("blocks the code in scope and what is left out of it", () => {
		blocks(
			"Can you dig into how the features are built? Just the offline pipeline in `features/`, the online path is another story.",
		);
		blocks("Look through the gateway and middleware code, but nothing under vendor/.");
		forks("Just the summary, please.");
		forks("Why? Just the tests are slow.");
	});
});

describe("orders the fourth files let through", () => {
	it("blocks a change asked in the passive, a file re-pointed, a command after 'then', a need of something other or missing", () => {
		blocks("The samples still show the legacy option, removed in 3.0. Could those be updated to the 3.x form?");
		blocks("Would you mind pointing `sidebars.js` at the new path? And tell me if other entries are dead.");
		blocks(
			"Check the timezone handling in `models/x.sql`, then `dbt run -s fct_subscriptions+ --target dev` so I can compare.",
		);
		blocks(
			"The CSP header is too loose. A stricter policy is required for the marketing site before the audit closes.",
		);
		blocks(
			"The role template is missing `MaxAuthTries 3`, and the audit requires it. Which other items does it not cover?",
		);
		blocks("Run `mix run priv/repo/seeds_staging.exs` against staging and report.");
		forks("Would you mind pointing me at the docs?");
		forks("Explain it and point at the lines.");
		forks("Read the log, then `git log` the file.");
		forks("Why does 3.x fail?");
		forks("The template is missing a header. Does the linter require it?");
		forks("Auth is required for this endpoint in `api/x.ts`; how is it enforced?");
	});
});

describe("the round's fifth development file", () => {
	it("blocks a child made to act after it was named, a need placed after 'needed in', a switch turned off and a rule against guessing", () => {
		blocks(
			"Get a sub-agent to look at why `SyncEngine` loses edits, and have it add a `BGTaskScheduler` registration.",
		);
		blocks("The French locale is missing keys. Those entries are needed in `_locales/fr/messages.json`.");
		blocks(
			"Could someone go through `Assets/Prefabs/UI/` and switch `Raycast Target` off on every `Image` that is not interactive?",
		);
		blocks("Cite the docs section for each point; where the docs are silent, say so instead of inferring.");
		blocks("I'd like them listed first and then deleted.");
		blocks("I'd like the stale ones listed first and then deleted.");
		forks("Are those entries needed? Check.");
		forks(
			"Scan the repo for places that build SQL by concatenation instead of parameters. Report each with file:line.",
		);
	});

	it("forks a past with 'did', a symbol followed, a teammate's plan, an answer grounded, a second course asked", () => {
		forks(
			"Context: the PR list shows no change to the model that week; upstream `stg_crm__contacts` did change its handling. Why did rows drop?",
		);
		forks("Figure out how `--dry-run` computes its diff (start in `cmd/rollout.go`, follow `plan.Compute`).");
		forks("A teammate wants to move everything onto the event callbacks. Is that a real improvement?");
		forks("Can you explain why it needs pin_project? I'd like it grounded in this struct's actual fields.");
		forks(
			"Under SCA, is it better to request 3DS on every first payment or stay on `automatic`? Spell out the trade-off.",
		);
		forks("Return a table: flag, created, owner, live references.");
		blocks("I'd like it removed.");
		blocks("Do change the config.");
	});
});
