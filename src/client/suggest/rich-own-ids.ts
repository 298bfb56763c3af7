import { AddMarkStep } from "prosemirror-transform";
import type { Mark, MarkType, Node as RichNode } from "prosemirror-model";
import type { Transaction } from "prosemirror-state";
import { SUGGESTION_MARKS } from "../../shared/review-suggestions";

/** A range of the transaction's final document: text it inserted, or text it (re)marked. */
interface Touched {
  from: number;
  to: number;
  inserted: boolean;
}

/**
 * Keeps every editor's suggestions their own in a transaction the suggestion package made. The
 * package joins a new insertion or deletion to a suggestion mark right beside it by taking its id
 * (and renames a neighbouring mark to the joined id), which is right for one author and wrong for
 * two: Sam's deletion beside Eve's insertion would become Eve's suggestion. After it: text this
 * transaction inserted or newly marked that carries an id not `isMine` gets a fresh id of this
 * editor's (`newId`, one per mark type), and text that was marked before keeps the id it had.
 * Changes go onto `tr` as mark steps (they move no positions).
 *
 * @example
 * keepOwnIds(tracked, (id) => pending.has(id) || authorOf(id) === me, () => newSuggestionId());
 */
export function keepOwnIds(tr: Transaction, isMine: (id: string) => boolean, newId: () => string): void {
  if (!tr.docChanged) return;
  const before = tr.docs[0] ?? tr.doc;
  const back = tr.mapping.invert();
  const fresh = new Map<MarkType, string>();
  const fixes: { from: number; to: number; type: MarkType; id: string }[] = [];
  const fix = (from: number, to: number, type: MarkType, id: string) => {
    const last = fixes[fixes.length - 1];
    if (last && last.to === from && last.type === type && last.id === id) last.to = to;
    else fixes.push({ from, to, type, id });
  };
  for (const range of touched(tr)) {
    // One letter at a time: a marked run can join letters of several old suggestions.
    for (let at = range.from; at < range.to; at++) {
      const letter = tr.doc.resolve(at + 1).nodeBefore;
      if (!letter?.isText) continue;
      for (const mark of letter.marks) {
        if (!isSuggestionMark(mark)) continue;
        const id = String(mark.attrs.id);
        const old = range.inserted ? null : markAt(before, back.mapResult(at + 1, -1), mark.type);
        if (old !== null && old !== id) fix(at, at + 1, mark.type, old);
        else if (old === null && !isMine(id)) {
          let mine = fresh.get(mark.type);
          if (mine === undefined) fresh.set(mark.type, (mine = newId()));
          fix(at, at + 1, mark.type, mine);
        }
      }
    }
  }
  for (const f of fixes) tr.removeMark(f.from, f.to, f.type).addMark(f.from, f.to, f.type.create({ id: f.id }));
}

/* The ranges of the final document each step inserted or marked, mapped through the later steps. */
function touched(tr: Transaction): Touched[] {
  const ranges: Touched[] = [];
  tr.steps.forEach((step, i) => {
    const later = tr.mapping.slice(i + 1);
    const add = (from: number, to: number, inserted: boolean) => {
      const start = later.map(from, 1);
      const end = later.map(to, -1);
      if (start < end) ranges.push({ from: start, to: end, inserted });
    };
    if (step instanceof AddMarkStep) add(step.from, step.to, false);
    else step.getMap().forEach((_oldStart, _oldEnd, newStart, newEnd) => add(newStart, newEnd, true));
  });
  return ranges;
}

const isSuggestionMark = (mark: Mark) => (SUGGESTION_MARKS as readonly string[]).includes(mark.type.name);

/* The id of the `type` mark on the letter a mapped position lands after in the old document, or null (new text, or unmarked). */
function markAt(doc: RichNode, mapped: { pos: number; deleted: boolean }, type: MarkType): string | null {
  if (mapped.deleted || mapped.pos < 1) return null;
  const letter = doc.resolve(mapped.pos).nodeBefore;
  if (!letter?.isText) return null;
  const mark = type.isInSet(letter.marks);
  return mark ? String(mark.attrs.id) : null;
}
