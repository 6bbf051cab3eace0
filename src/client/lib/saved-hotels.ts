import { useCallback, useEffect, useSyncExternalStore } from "react";
import { i18next } from "./i18n.ts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { VISITOR_SAVES_LIMIT } from "../../shared/saved-hotels.ts";
import {
  mergeSavedHotels,
  savedHotelIdsQueryOptions,
  savedHotelKeys,
  savedHotelsQueryOptions,
  type SavedHotelIds,
  type SavedHotels,
  saveHotel,
  unsaveHotel,
} from "../api/saved-hotels.ts";
import { useAuth } from "./auth-provider.tsx";
import { browserStorage, createHotelIdList } from "./hotel-id-list.ts";
import { errorText } from "./error-text.ts";

/** A visitor's saves, kept in this browser until they sign in (then merged into the account and cleared). */
export const visitorSaves = createHotelIdList("staywise.savedHotels", VISITOR_SAVES_LIMIT, browserStorage);

const NO_IDS: string[] = [];

export function useVisitorSaves(): string[] {
  return useSyncExternalStore(visitorSaves.subscribe, visitorSaves.read, () => NO_IDS);
}

/** The signed-in traveller's saved hotels with their card data (disabled for visitors). */
export function useSavedHotels(enabled: boolean) {
  return useQuery({ ...savedHotelsQueryOptions(), enabled });
}

/** Whoever is browsing: the account's saved ids when signed in, this browser's otherwise. */
export function useSavedHotelIds(): readonly string[] {
  const { user } = useAuth();
  const local = useVisitorSaves();
  const account = useQuery({ ...savedHotelIdsQueryOptions(), enabled: user !== null });
  return user ? (account.data?.hotelIds ?? NO_IDS) : local;
}

interface Toggle {
  hotelId: string;
  hotelName: string;
  save: boolean;
}

/**
 * Saves or unsaves a hotel for whoever is browsing. Signed in: optimistic (the heart and the Saved
 * list change at once), rolled back with a toast when the server refuses. A visitor: this browser.
 * Plain query-cache calls rather than useMutation: the hearts are on the first page, and this keeps
 * the mutation machinery out of its download; the toasts still belong to the hook (decision 010).
 */
export function useToggleSavedHotel(): (toggle: Toggle) => void {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  function announce(toggle: Toggle, visitor: boolean) {
    if (toggle.save) {
      toast.success(i18next.t("Saved {{hotel}}", { hotel: toggle.hotelName }), {
        ...(visitor ? { description: i18next.t("Kept in this browser. Sign in to keep it in your account.") } : {}),
        action: { label: i18next.t("View saved"), onClick: () => void navigate("/saved") },
      });
    } else {
      toast.success(i18next.t("Removed {{hotel}} from your saved hotels", { hotel: toggle.hotelName }), {
        action: { label: i18next.t("Undo"), onClick: () => run({ ...toggle, save: true }) },
      });
    }
  }

  function failed(toggle: Toggle, reason: string) {
    toast.error(
      toggle.save
        ? i18next.t("Could not save {{hotel}}", { hotel: toggle.hotelName })
        : i18next.t("Could not remove {{hotel}}", { hotel: toggle.hotelName }),
      { description: reason },
    );
  }

  async function inAccount(toggle: Toggle) {
    const { hotelId, save } = toggle;
    await queryClient.cancelQueries({ queryKey: savedHotelKeys.all });
    const ids = queryClient.getQueryData<SavedHotelIds>(savedHotelKeys.ids);
    const list = queryClient.getQueryData<SavedHotels>(savedHotelKeys.list);
    const others = (ids?.hotelIds ?? []).filter((id) => id !== hotelId);
    queryClient.setQueryData<SavedHotelIds>(savedHotelKeys.ids, { hotelIds: save ? [hotelId, ...others] : others });
    if (list && !save) queryClient.setQueryData<SavedHotels>(savedHotelKeys.list, { hotels: list.hotels.filter((h) => h.id !== hotelId) });
    try {
      await (save ? saveHotel(hotelId) : unsaveHotel(hotelId));
      announce(toggle, false);
    } catch (error) {
      if (ids) queryClient.setQueryData(savedHotelKeys.ids, ids);
      if (list) queryClient.setQueryData(savedHotelKeys.list, list);
      failed(toggle, errorText(error, i18next.t("Something went wrong")));
    } finally {
      void queryClient.invalidateQueries({ queryKey: savedHotelKeys.all });
    }
  }

  function run(toggle: Toggle) {
    if (user) {
      void inAccount(toggle);
      return;
    }
    try {
      if (toggle.save) visitorSaves.add(toggle.hotelId);
      else visitorSaves.remove(toggle.hotelId);
    } catch {
      failed(
        toggle,
        i18next.t("This browser did not let us keep your list (storage is full or blocked). Sign in to save hotels to your account."),
      );
      return;
    }
    announce(toggle, true);
  }

  return run;
}

// One merge at a time across the app (React's development double effects included).
let merging = false;

/**
 * At sign-in, adds the hotels saved in this browser to the account, then forgets them here. A
 * failed merge keeps them in the browser, to be tried again on the next page load.
 */
export function useMergeVisitorSavesAtSignIn(): void {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;

  const merge = useCallback(async () => {
    const ids = visitorSaves.read();
    if (ids.length === 0 || merging) return;
    merging = true;
    try {
      const result = await mergeSavedHotels(ids);
      visitorSaves.clear();
      queryClient.setQueryData<SavedHotelIds>(savedHotelKeys.ids, { hotelIds: result.hotelIds });
      await queryClient.invalidateQueries({ queryKey: savedHotelKeys.list });
      if (result.added > 0) toast.success(i18next.t("{{count, number}} saved hotels added to your account", { count: result.added }));
    } catch (error) {
      toast.error(i18next.t("Could not add the hotels you saved to your account"), {
        description: `${errorText(error, i18next.t("Something went wrong"))} ${i18next.t("They are still kept in this browser.")}`,
      });
    } finally {
      merging = false;
    }
  }, [queryClient]);

  useEffect(() => {
    if (userId !== null) void merge();
  }, [userId, merge]);
}
