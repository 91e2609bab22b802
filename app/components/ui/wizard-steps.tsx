/**
 * A wizard's steps (/criar/lc, /criar/maratona): done, current (announced as the step) and still to come. On a
 * phone the number sits above its word, so a long word never breaks in a narrow column.
 */
export function WizardSteps<S extends string>({ steps, current, labels }: { steps: readonly S[]; current: S; labels: Record<S, string> }) {
  const index = steps.indexOf(current);
  return (
    <ol aria-label="Passos" className={`grid text-xs sm:gap-2 sm:text-sm ${steps.length > 4 ? 'grid-cols-5 gap-1' : 'grid-cols-4 gap-2'}`}>
      {steps.map((s, i) => (
        <li
          key={s}
          aria-current={s === current ? 'step' : undefined}
          className={`flex flex-col items-center whitespace-nowrap rounded-lg border-b-4 px-1 pb-1 text-center sm:flex-row sm:justify-center sm:gap-1 ${s === current ? 'border-coral font-semibold' : i < index ? 'border-mar' : 'border-line text-muted'}`}
        >
          <span>{i + 1}.</span> <span>{labels[s]}</span>
        </li>
      ))}
    </ol>
  );
}
