import type { ComponentProps } from "react";
import { Slider as SliderPrimitive } from "radix-ui";
import { cn } from "../../lib/cn.ts";

type SliderProps = ComponentProps<typeof SliderPrimitive.Root> & {
  /** One accessible name per thumb, e.g. ['Minimum price', 'Maximum price']. */
  thumbLabels: string[];
  /** How each thumb's value is read out, e.g. '$1000+'. */
  formatValue?: (value: number) => string;
};

export function Slider({ thumbLabels, formatValue, className, value, ...props }: SliderProps) {
  return (
    <SliderPrimitive.Root
      value={value}
      className={cn("relative flex h-10 w-full touch-none items-center select-none", className)}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-slate-200">
        <SliderPrimitive.Range className="absolute h-full bg-brand-700" />
      </SliderPrimitive.Track>
      {thumbLabels.map((label, index) => {
        const thumbValue = value?.[index];
        return (
          <SliderPrimitive.Thumb
            key={label}
            aria-label={label}
            aria-valuetext={thumbValue !== undefined && formatValue ? formatValue(thumbValue) : undefined}
            // Pressing anywhere on the 40 px high root moves the nearest thumb, so the knob itself can stay small.
            className="block size-6 cursor-grab rounded-full border-2 border-brand-700 bg-white shadow-md transition-shadow hover:shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 active:cursor-grabbing"
          />
        );
      })}
    </SliderPrimitive.Root>
  );
}
