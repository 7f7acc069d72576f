/**
 * The scripted provider lives in src/selftest/ (it ships with the package for `selftest --e2e`);
 * tests import its types from here, and real `pi` processes load the same file (test/support/pi.ts).
 */
export * from "../../src/selftest/scripted-provider.ts";
export { default } from "../../src/selftest/scripted-provider.ts";
