import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { HotelInput, RoomTypeInput } from "../../../shared/property-hotels.ts";
import { importHotelsCsv } from "../../api/admin-hotel-import.ts";
import {
  type PhotoOwner,
  createPropertyHotel,
  createRoomType,
  deleteRoomType,
  getPropertyHotel,
  listPropertyHotels,
  searchDestinationChoices,
  setPhotoOrder,
  updatePropertyHotel,
  updateRoomType,
  uploadPhotos,
} from "../../api/property-hotels.ts";

const HOTELS_KEY = ["properties", "hotels"] as const;
const hotelKey = (hotelId: number) => [...HOTELS_KEY, hotelId] as const;

export function usePropertyHotels(query: { search: string; page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...HOTELS_KEY, "list", query],
    queryFn: () => listPropertyHotels(query),
    placeholderData: keepPreviousData,
  });
}

export function usePropertyHotel(hotelId: number) {
  return useQuery({ queryKey: hotelKey(hotelId), queryFn: async () => (await getPropertyHotel(hotelId)).hotel });
}

export function useDestinationChoices(q: string) {
  return useQuery({
    queryKey: ["properties", "destination-choices", q],
    queryFn: async () => (await searchDestinationChoices(q)).destinations,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

export function useCreateHotel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HotelInput) => createPropertyHotel(input),
    onSuccess: ({ hotel }) => toast.success(`${hotel.name} added. Add a room type, then show it to travellers.`),
    onError: (error) => toast.error(`Could not add the hotel: ${error.message}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: HOTELS_KEY }),
  });
}

export function useUpdateHotel(hotelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HotelInput) => updatePropertyHotel(hotelId, input),
    onSuccess: ({ hotel }) => toast.success(`${hotel.name} saved`),
    onError: (error) => toast.error(`Could not save the hotel: ${error.message}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: HOTELS_KEY }),
  });
}

export function useSaveRoomType(hotelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roomTypeId, input }: { roomTypeId: number | null; input: RoomTypeInput }) =>
      roomTypeId === null ? createRoomType(hotelId, input) : updateRoomType(hotelId, roomTypeId, input),
    onSuccess: ({ roomType }, { roomTypeId }) =>
      toast.success(
        roomTypeId === null ? `${roomType.name} added` : roomType.closed ? `${roomType.name} saved (closed)` : `${roomType.name} saved`,
      ),
    onError: (error) => toast.error(`Could not save the room type: ${error.message}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: HOTELS_KEY }),
  });
}

export function useDeleteRoomType(hotelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roomTypeId }: { roomTypeId: number; name: string }) => deleteRoomType(hotelId, roomTypeId),
    onSuccess: (_data, { name }) => toast.success(`${name} deleted`),
    onError: (error) => toast.error(`Could not delete the room type: ${error.message}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: HOTELS_KEY }),
  });
}

export function useUploadPhotos(owner: PhotoOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: File[]) => uploadPhotos(owner, files),
    onSuccess: (_photos, files) => toast.success(files.length === 1 ? "Photo added" : `${files.length} photos added`),
    onError: (error) => toast.error(`Could not add the photos: ${error.message}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: hotelKey(owner.hotelId) }),
  });
}

export function useSetPhotoOrder(owner: PhotoOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ photos }: { photos: string[]; done: string }) => setPhotoOrder(owner, photos),
    onSuccess: (_photos, { done }) => toast.success(done),
    onError: (error) => toast.error(`Could not change the photos: ${error.message}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: hotelKey(owner.hotelId) }),
  });
}

export function useImportHotels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) => importHotelsCsv(file, dryRun),
    onSuccess: (result) => {
      if (result.imported) toast.success(`Imported ${result.hotels} hotels with ${result.roomTypes} room types`);
      else if (result.problems.length === 0) toast.success("No problems found. You can import the file.");
      else toast.error(`${result.problems.length} problems found. Nothing was written.`);
    },
    onError: (error) => toast.error(`Import failed: ${error.message}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: HOTELS_KEY }),
  });
}
