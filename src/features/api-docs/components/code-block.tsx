/**
 * A block of code or JSON with its caption. The block scrolls on a narrow
 * screen; it can take the keyboard's focus so that it can be scrolled
 * without a mouse.
 */
export function CodeBlock({ id, caption, code }: { id: string; caption: string; code: string }) {
  return (
    <figure aria-labelledby={`${id}-caption`} className="mt-4 min-w-0">
      <figcaption id={`${id}-caption`} className="text-sm font-semibold text-slate-700">
        {caption}
      </figcaption>
      <pre
        tabIndex={0}
        className="mt-2 max-h-[36rem] overflow-auto rounded-lg bg-slate-950 p-4 font-mono text-sm leading-6 text-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}

export function JsonBlock({ id, caption, value }: { id: string; caption: string; value: unknown }) {
  return <CodeBlock id={id} caption={caption} code={JSON.stringify(value, null, 2)} />;
}
