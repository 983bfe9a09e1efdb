import { evenRows } from './even-rows.js';

/** A numbered sequence of steps, such as how a project or a plan works. */
export function Steps({ steps }: { steps: { title: string; text: string }[] }) {
  return (
    <ol className="steps" {...evenRows(steps.length)}>
      {steps.map((step) => (
        <li className="card step" key={step.title}>
          <h3>{step.title}</h3>
          <p>{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
