// What the loaded plugins provide: backends, languages and checkers, by name.
import type { Checker, JudgeBackend, LanguageDefinition, PluginContext } from './plugin-api.ts';

export class PluginRegistry {
  readonly backends = new Map<string, { backend: JudgeBackend; plugin: string }>();
  readonly languages = new Map<string, { language: LanguageDefinition; plugin: string }>();
  readonly checkers = new Map<string, { checker: Checker; plugin: string }>();
  /** Plugins that failed to load, with the reason (reported when one of them is needed). */
  readonly failures: { plugin: string; message: string }[] = [];

  contextFor(plugin: string, log: (message: string) => void): PluginContext {
    return {
      registerBackend: (backend) => this.add(this.backends, backend.name, { backend, plugin }, 'backend'),
      registerLanguage: (language) => this.add(this.languages, language.id, { language, plugin }, 'language'),
      registerChecker: (checker) => this.add(this.checkers, checker.name, { checker, plugin }, 'checker'),
      log: (message) => log(`[${plugin}] ${message}`),
    };
  }

  backend(name: string): JudgeBackend | undefined {
    return this.backends.get(name)?.backend;
  }

  checker(name: string): Checker | undefined {
    return this.checkers.get(name)?.checker;
  }

  private add<T extends { plugin: string }>(map: Map<string, T>, key: string, entry: T, kind: string) {
    if (typeof key !== 'string' || key === '') throw new Error(`plugin "${entry.plugin}" registered a ${kind} without a name`);
    const existing = map.get(key);
    if (existing) {
      throw new Error(`${kind} "${key}" is registered twice: by "${existing.plugin}" and by "${entry.plugin}"`);
    }
    map.set(key, entry);
  }
}
