/**
 * Setup file of the unit and pg projects (vitest.config.ts): their workers run at a lower CPU
 * priority (nice 10) than the browser tests, decision 088. The run is bound by CPU on 2 cores and
 * the browser files, one at a time, are its longest lane: given the CPU first, they run about as fast
 * as alone, while these files take what they leave (they wait on PostgreSQL or a timer much of the
 * time anyway). Processes these files start inherit the priority.
 */
import { getPriority, setPriority } from "node:os";

const BACKGROUND_PRIORITY = 10;

if (getPriority() < BACKGROUND_PRIORITY) setPriority(BACKGROUND_PRIORITY);
