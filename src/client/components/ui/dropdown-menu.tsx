import type { ComponentProps } from "react";
import { DropdownMenu } from "radix-ui";
import { cn } from "../../lib/cn.ts";

export function DropdownMenuContent({ className, sideOffset = 8, ...props }: ComponentProps<typeof DropdownMenu.Content>) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        sideOffset={sideOffset}
        className={cn("z-50 min-w-56 rounded-xl border border-slate-200 bg-white p-1.5 text-slate-900 shadow-lg", className)}
        {...props}
      />
    </DropdownMenu.Portal>
  );
}

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof DropdownMenu.Item>) {
  return (
    <DropdownMenu.Item
      className={cn(
        "flex min-h-10 cursor-pointer items-center gap-2.5 rounded-lg px-2.5 text-sm text-slate-700 outline-none select-none",
        "data-highlighted:bg-slate-100 data-highlighted:text-slate-900 [&_svg]:size-4 [&_svg]:text-slate-500",
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof DropdownMenu.Separator>) {
  return <DropdownMenu.Separator className={cn("my-1.5 h-px bg-slate-200", className)} {...props} />;
}
