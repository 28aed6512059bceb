// A Polygon package's statements, in every language it has, as problem_statement/problem.<code>.*:
// LaTeX made from statement-sections/<language>/ (legend, input, output, interaction, scoring,
// notes; its pictures beside it), else the statement's own .tex, else its HTML (as Markdown,
// which holds HTML); its PDF beside them.
import { copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isDirectory, readText } from '../package/files.ts';
import { child, children, type XmlElement } from './xml.ts';

const SECTIONS: [file: string, title?: string][] = [
  ['legend.tex'],
  ['input.tex', 'Input'],
  ['output.tex', 'Output'],
  ['interaction.tex', 'Interaction'],
  ['scoring.tex', 'Scoring'],
  ['notes.tex', 'Notes'],
];

/** Writes the statements; returns notes for the setter. */
export async function polygonStatements(dir: string, out: string, problem: XmlElement): Promise<string[]> {
  const target = path.join(out, 'problem_statement');
  const notes: string[] = [];
  const entries = children(problem, 'statements', 'statement');
  const languages = new Set([...entries.map((s) => s.attributes.language ?? 'english'), ...(await readdir(path.join(dir, 'statement-sections')).catch(() => []))]);
  for (const language of languages) {
    const code = languageCode(language);
    const name = children(problem, 'names', 'name').find((n) => n.attributes.language === language)?.attributes.value ?? child(problem, 'names', 'name')?.attributes.value ?? '';
    const of = (type: string) => entries.find((s) => (s.attributes.language ?? 'english') === language && s.attributes.type?.startsWith(type))?.attributes.path;
    await mkdir(target, { recursive: true });
    const sections = path.join(dir, 'statement-sections', language);
    const tex = (await isDirectory(sections)) ? await fromSections(sections, name, target) : undefined;
    const texFile = of('application/x-tex');
    const html = of('text/html');
    const pdf = of('application/pdf');
    if (tex !== undefined) await writeFile(path.join(target, `problem.${code}.tex`), tex);
    else if (texFile && (await readText(path.join(dir, texFile))) !== undefined) await copyFile(path.join(dir, texFile), path.join(target, `problem.${code}.tex`));
    else if (html && (await readText(path.join(dir, html))) !== undefined) await writeFile(path.join(target, `problem.${code}.md`), htmlBody((await readText(path.join(dir, html)))!));
    if (pdf && (await readText(path.join(dir, pdf))) !== undefined) await copyFile(path.join(dir, pdf), path.join(target, `problem.${code}.pdf`));
    if (tex === undefined && !texFile && !html && !pdf) notes.push(`statement in ${language}: no file found`);
  }
  return notes;
}

/** LaTeX in the Kattis style from the sections; pictures and other files are copied beside it. */
async function fromSections(sections: string, name: string, target: string): Promise<string> {
  const parts = [`\\problemname{${name}}`];
  for (const [file, title] of SECTIONS) {
    const text = await readText(path.join(sections, file));
    if (text === undefined || !text.trim()) continue;
    parts.push(title ? `\\section*{${title}}\n${text.trim()}` : text.trim());
  }
  for (const file of await readdir(sections)) {
    if (file.endsWith('.tex') || /^example\.\d+(\.a)?$/.test(file) || file.endsWith('.json')) continue;
    await copyFile(path.join(sections, file), path.join(target, file)).catch(() => undefined);
  }
  return `${parts.join('\n\n')}\n`;
}

function htmlBody(html: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  return `${body.replace(/<script[\s\S]*?<\/script>/gi, '').trim()}\n`;
}

const LANGUAGE_CODES: Record<string, string> = {
  english: 'en', russian: 'ru', ukrainian: 'uk', chinese: 'zh', spanish: 'es', french: 'fr', german: 'de', portuguese: 'pt', polish: 'pl',
  italian: 'it', japanese: 'ja', korean: 'ko', vietnamese: 'vi', romanian: 'ro', kazakh: 'kk', azerbaijani: 'az', armenian: 'hy', georgian: 'ka',
  persian: 'fa', arabic: 'ar', turkish: 'tr', hungarian: 'hu', czech: 'cs', bulgarian: 'bg', indonesian: 'id', uzbek: 'uz', hebrew: 'he', belarusian: 'be',
};

export function languageCode(polygonLanguage: string | undefined): string {
  const lang = (polygonLanguage ?? 'english').toLowerCase();
  return LANGUAGE_CODES[lang] ?? lang.replace(/[^a-z-]/g, '').slice(0, 16);
}
