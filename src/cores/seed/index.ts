export { runSeed, type SeedReport, type SeedStep } from "./run-seed";
