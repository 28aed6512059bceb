// The problem page's code and template, kept as drafts (lib/codeDrafts.ts): each edit is saved
// at once, the page opens again with the template used last and its draft, and switching
// templates shows each template's own draft. Code is only ever replaced after asking, unless
// it is nobody's work (empty, or the template's script).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { JudgeTemplate } from '../api/types.ts';
import { confirmDialog, notify } from '../feedback.ts';
import { t } from '../i18n/index.ts';
import {
  isOwnWork,
  readDraft,
  readLastSlot,
  readPreferredTemplate,
  removeDraft,
  saveDraft,
  saveLastSlot,
  savePreferredTemplate,
  type DraftPlace,
  type DraftSlot,
} from './codeDrafts.ts';

interface Options {
  username: string;
  /** Null until the page knows its problem. */
  problemId: number | null;
  templates: JudgeTemplate[];
  /** The templates have been asked for (a failure counts): drafts are restored then. */
  templatesLoaded: boolean;
}

export interface CodeDraft {
  templateId: number | undefined;
  code: string;
  /** An edit: kept as the draft of the current template. */
  setCode: (code: string) => void;
  /** Another template: its draft, else its script (asking before replacing the contestant's code). */
  chooseTemplate: (id: number) => Promise<void>;
  /** Back to the template's script, after asking; the draft is forgotten. */
  resetToTemplate: () => Promise<void>;
  /** A source file's text in the editor, under `templateId` when given; false when the contestant kept their code. */
  loadFile: (name: string, content: string, templateId?: number) => Promise<boolean>;
  /** When the shown draft was saved, if the page opened with it (or switched to it). */
  restoredAt: number | null;
  /** The browser refused to keep the draft (storage full or disabled). */
  saveFailed: boolean;
  /** The code is the contestant's own (not empty, not the template's script). */
  edited: boolean;
}

const slotOf = (templateId: number | undefined): DraftSlot => templateId ?? 'none';

export function useCodeDraft({ username, problemId, templates, templatesLoaded }: Options): CodeDraft {
  const place = useMemo<DraftPlace | null>(() => (username && problemId !== null ? { username, problemId } : null), [username, problemId]);
  const [templateId, setTemplateId] = useState<number | undefined>(undefined);
  const [code, setCodeState] = useState('');
  const [restoredAt, setRestoredAt] = useState<number | null>(null);
  const [saveFailed, setSaveFailed] = useState(false);
  const failed = useRef(false);
  const restoredFor = useRef<string | null>(null);
  const codeRef = useRef(code);
  codeRef.current = code;

  const scriptOf = useCallback((id: number | undefined) => templates.find((tpl) => tpl.id === id)?.description, [templates]);

  const persist = useCallback(
    (slot: DraftSlot, text: string) => {
      if (!place) return;
      if (!isOwnWork(text, scriptOf(slot === 'none' ? undefined : slot))) {
        removeDraft(place, slot);
        saveLastSlot(place, slot);
        return;
      }
      const saved = saveDraft(place, slot, text);
      if (!saved && !failed.current) notify.warning(t('draft.saveFailed'));
      failed.current = !saved;
      setSaveFailed(!saved);
    },
    [place, scriptOf],
  );

  // Once per problem, when the templates are known: the template used last, with its draft.
  useEffect(() => {
    if (!place || !templatesLoaded) return;
    const key = `${place.username}:${place.problemId}`;
    if (restoredFor.current === key) return;
    restoredFor.current = key;
    if (codeRef.current.trim() !== '') return; // typed before the templates came: that stays
    // A problem not opened before starts with the template chosen last on any problem.
    const last = readLastSlot(place) ?? readPreferredTemplate(place.username);
    if (last === null || (last !== 'none' && !templates.some((tpl) => tpl.id === last))) return;
    const id = last === 'none' ? undefined : last;
    const draft = readDraft(place, last);
    setTemplateId(id);
    setCodeState(draft?.code ?? scriptOf(id) ?? '');
    setRestoredAt(draft?.savedAt ?? null);
  }, [place, templatesLoaded, templates, scriptOf]);

  const setCode = useCallback(
    (text: string) => {
      setCodeState(text);
      persist(slotOf(templateId), text);
    },
    [persist, templateId],
  );

  const chooseTemplate = async (id: number) => {
    const next = templates.find((tpl) => tpl.id === id);
    if (!next || id === templateId) return;
    const draft = place ? readDraft(place, id) : null;
    let text = next.description;
    if (draft) text = draft.code;
    else if (isOwnWork(code, scriptOf(templateId)) && !(await confirmDialog({ title: t('problem.replaceCode') }))) text = code;
    setTemplateId(id);
    setCodeState(text);
    setRestoredAt(draft?.savedAt ?? null);
    persist(id, text);
    if (place) savePreferredTemplate(place.username, id);
  };

  const resetToTemplate = async () => {
    const script = scriptOf(templateId) ?? '';
    if (isOwnWork(code, script) && !(await confirmDialog({ title: t('draft.resetQuestion'), content: t('draft.resetWarning') }))) return;
    setCodeState(script);
    setRestoredAt(null);
    if (place) removeDraft(place, slotOf(templateId));
  };

  const loadFile = async (name: string, content: string, fileTemplateId?: number) => {
    const target = fileTemplateId ?? templateId;
    const replaced = target === templateId ? code : (place && readDraft(place, slotOf(target))?.code) || '';
    if (replaced !== content && isOwnWork(replaced, scriptOf(target)) && !(await confirmDialog({ title: t('draft.replaceWithFile', { name }) }))) {
      return false;
    }
    setTemplateId(target);
    setCodeState(content);
    setRestoredAt(null);
    persist(slotOf(target), content);
    return true;
  };

  return {
    templateId,
    code,
    setCode,
    chooseTemplate,
    resetToTemplate,
    loadFile,
    restoredAt,
    saveFailed,
    edited: isOwnWork(code, scriptOf(templateId)),
  };
}

/**
 * The template a source file goes under: the current one when the file's extension is its
 * language's, else the first template of the file's language, else the current one.
 */
export function templateForFile(templates: JudgeTemplate[], currentId: number | undefined, fileName: string): number | undefined {
  const dot = fileName.lastIndexOf('.');
  const ext = dot > 0 ? fileName.slice(dot).toLowerCase() : '';
  const fits = (tpl: JudgeTemplate | undefined) => ext !== '' && !!tpl && tpl.extensions.some((e) => e.toLowerCase() === ext);
  const current = templates.find((tpl) => tpl.id === currentId);
  if (fits(current)) return currentId;
  return templates.find(fits)?.id ?? currentId;
}
