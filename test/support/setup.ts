/** Runs in every test file: temporary directories made through test/support/temp.ts go when the file ends. */
import { afterAll } from "vitest";
import { removeTempDirs } from "./temp.ts";

afterAll(() => removeTempDirs());
