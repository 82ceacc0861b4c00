import type { Rule } from 'eslint';

/** The rule in effect-cleanup.js (JavaScript, so eslint.config.js loads it on Node 20). */
export declare const effectCleanup: Rule.RuleModule;
