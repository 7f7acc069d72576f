/** The two assertions the gate's class tests make: a brief forks with no reason, or it must be a task. */
import { expect } from "vitest";
import { readRules } from "../../src/gate/classify.ts";

export const forks = (brief: string) => expect(readRules(brief).reasons, brief).toEqual([]);
export const blocks = (brief: string) => expect(readRules(brief).route, brief).toBe("task");
