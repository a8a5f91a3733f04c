// Types of engine-tables.js (plain JavaScript, so eslint.config.js can load it as it is).
import type { ESLint, Rule } from "eslint";

export declare const engineTables: string[];
export declare const engineModels: string[];
export declare const engineTablesRule: Rule.RuleModule;
declare const plugin: ESLint.Plugin;
export default plugin;
