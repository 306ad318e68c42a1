import { useMessages } from '../messages';
import type { MarkedNote } from './footnote-marks';

/**
 * The translators' notes under the text (docs/footnotes.md "Pages"): each with its verse and mark
 * (a link back to the mark), the words it is on, what it says and its kind where the source says.
 * The marks in the text link here, so the notes read without script; public/assets/footnotes.js
 * shows each beside its mark (the `fn-words` part).
 */
export function FootnoteList(props: { marks: MarkedNote[] }) {
  const t = useMessages();
  if (!props.marks.length) return null;
  return (
    <section class="footnotes" aria-labelledby="footnotes-heading">
      <h2 id="footnotes-heading">{t.footnotes.heading}</h2>
      <ol>
        {props.marks.map((m) => {
          const label = `${m.note.verse}${m.label}`;
          return (
            <li id={m.id}>
              <a
                href={`#fnref-${m.id.slice(3)}`}
                class="fn-back"
                aria-label={t.footnotes.backTo(label)}
              >
                {label}
              </a>{' '}
              <span class="fn-words">
                {m.note.anchor ? (
                  <>
                    <i>{m.note.anchor}</i>:{' '}
                  </>
                ) : null}
                {m.note.text}
                {m.note.kind ? (
                  <span class="fn-kind"> ({t.footnotes.kinds[m.note.kind]})</span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
