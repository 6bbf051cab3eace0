import type { ComponentProps } from "react";
import { Popover } from "radix-ui";
import { cn } from "../../lib/cn.ts";

export function PopoverContent({ className, sideOffset = 8, collisionPadding = 8, ...props }: ComponentProps<typeof Popover.Content>) {
  return (
    <Popover.Portal>
      <Popover.Content
        sideOffset={sideOffset}
        collisionPadding={collisionPadding}
        className={cn("z-50 rounded-2xl border border-slate-200 bg-white p-3 text-slate-900 shadow-xl focus:outline-none", className)}
        {...props}
      />
    </Popover.Portal>
  );
}
