import { useId, type ComponentProps } from "react";
import { fieldMessage } from "../../lib/error-text.ts";
import { Input } from "./input.tsx";
import { Label } from "./label.tsx";

type TextFieldProps = ComponentProps<"input"> & {
  label: string;
  error?: string | undefined;
};

/** A labelled input whose error message is announced and tied to the input for screen readers. */
export function TextField({ label, error, id, ...props }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={inputId}>{label}</Label>
      <Input id={inputId} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...props} />
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {fieldMessage(error)}
        </p>
      ) : null}
    </div>
  );
}
