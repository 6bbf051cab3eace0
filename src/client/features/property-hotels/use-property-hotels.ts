import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { i18next } from "../../lib/i18n.ts";
import type { HotelInput, RoomTypeInput } from "../../../shared/property-hotels.ts";
import { importHotelsCsv } from "../../api/admin-hotel-import.ts";
import {
  type PhotoOwner,
  createPropertyHotel,
  createRoomType,
  deleteRoomType,
  destinationChoicesQueryOptions,
  propertyHotelKeys,
  propertyHotelQueryOptions,
  propertyHotelsQueryOptions,
  setPhotoOrder,
  updatePropertyHotel,
  updateRoomType,
  uploadPhotos,
} from "../../api/property-hotels.ts";

export function usePropertyHotels(query: { search: string; page: number; pageSize: number }) {
  return useQuery({
    ...propertyHotelsQueryOptions(query),
    placeholderData: keepPreviousData,
  });
}

export function usePropertyHotel(hotelId: number) {
  return useQuery(propertyHotelQueryOptions(hotelId));
}

export function useDestinationChoices(q: string) {
  return useQuery({
    ...destinationChoicesQueryOptions(q),
    placeholderData: keepPreviousData,
  });
}

export function useCreateHotel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HotelInput) => createPropertyHotel(input),
    onSuccess: ({ hotel }) =>
      toast.success(i18next.t("{{name}} added. Add a room type, then show it to travellers.", { name: hotel.name })),
    onError: (error) => toast.error(i18next.t("Could not add the hotel: {{message}}", { message: error.message })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: propertyHotelKeys.all }),
  });
}

export function useUpdateHotel(hotelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HotelInput) => updatePropertyHotel(hotelId, input),
    onSuccess: ({ hotel }) => toast.success(i18next.t("{{name}} saved", { name: hotel.name })),
    onError: (error) => toast.error(i18next.t("Could not save the hotel: {{message}}", { message: error.message })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: propertyHotelKeys.all }),
  });
}

export function useSaveRoomType(hotelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roomTypeId, input }: { roomTypeId: number | null; input: RoomTypeInput }) =>
      roomTypeId === null ? createRoomType(hotelId, input) : updateRoomType(hotelId, roomTypeId, input),
    onSuccess: ({ roomType }, { roomTypeId }) =>
      toast.success(
        roomTypeId === null
          ? i18next.t("{{name}} added", { name: roomType.name })
          : roomType.closed
            ? i18next.t("{{name}} saved (closed)", { name: roomType.name })
            : i18next.t("{{name}} saved", { name: roomType.name }),
      ),
    onError: (error) => toast.error(i18next.t("Could not save the room type: {{message}}", { message: error.message })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: propertyHotelKeys.all }),
  });
}

export function useDeleteRoomType(hotelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roomTypeId }: { roomTypeId: number; name: string }) => deleteRoomType(hotelId, roomTypeId),
    onSuccess: (_data, { name }) => toast.success(i18next.t("{{name}} deleted", { name })),
    onError: (error) => toast.error(i18next.t("Could not delete the room type: {{message}}", { message: error.message })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: propertyHotelKeys.all }),
  });
}

export function useUploadPhotos(owner: PhotoOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: File[]) => uploadPhotos(owner, files),
    onSuccess: (_photos, files) => toast.success(i18next.t("{{count, number}} photos added", { count: files.length })),
    onError: (error) => toast.error(i18next.t("Could not add the photos: {{message}}", { message: error.message })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: propertyHotelKeys.hotel(owner.hotelId) }),
  });
}

export function useSetPhotoOrder(owner: PhotoOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ photos }: { photos: string[]; done: string }) => setPhotoOrder(owner, photos),
    onSuccess: (_photos, { done }) => toast.success(done),
    onError: (error) => toast.error(i18next.t("Could not change the photos: {{message}}", { message: error.message })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: propertyHotelKeys.hotel(owner.hotelId) }),
  });
}

export function useImportHotels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) => importHotelsCsv(file, dryRun),
    onSuccess: (result) => {
      if (result.imported)
        toast.success(
          i18next.t("Imported {{hotels}} hotels with {{roomTypes}} room types", { hotels: result.hotels, roomTypes: result.roomTypes }),
        );
      else if (result.problems.length === 0) toast.success(i18next.t("No problems found. You can import the file."));
      else toast.error(i18next.t("{{count, number}} problems found. Nothing was written.", { count: result.problems.length }));
    },
    onError: (error) => toast.error(i18next.t("Import failed: {{message}}", { message: error.message })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: propertyHotelKeys.all }),
  });
}
