import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { sandboxMethodParameters } from "./sandbox-methods.ts";
import { SANDBOX_USERNAME, createWholesalerSandbox, sandboxPassword } from "./sandbox.ts";

const SECRET = "sandbox-test-secret-sandbox-test-secret";
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", removeNSPrefix: true, parseTagValue: false });
const sandbox = createWholesalerSandbox({ appSecret: SECRET, publicUrl: "https://staywise.example" });
/** Parsed XML, read loosely: these tests check the sandbox's answers, not their types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Xml = Record<string, any>;
const SERVICES: Record<string, string> = {
  GetLanguages: "StaticXMLAPI",
  GetMeals: "StaticXMLAPI",
  GetStaticHotelsAndRooms: "StaticXMLAPI",
};

/** A call with every listed parameter present (empty unless given) and the sandbox credentials. */
async function call(
  method: string,
  params: Record<string, string> = {},
  credentials = { userName: SANDBOX_USERNAME, password: sandboxPassword(SECRET) },
) {
  const form = new URLSearchParams({
    ...Object.fromEntries((sandboxMethodParameters(method) ?? []).map((p) => [p, ""])),
    ...credentials,
    ...params,
  });
  const answer = await sandbox.handle(SERVICES[method] ?? "NonStaticXMLAPI", method, form);
  return { ...answer, body: parser.parse(answer.xml) as Xml };
}

const stay = { checkInDate: "2030-05-01", checkOutDate: "2030-05-03" };
const search = (params: Record<string, string>) =>
  call("SearchV3", { ...stay, numberOfRooms: "1", numberOfAdults: "2", showRoomTypeName: "1", ...params });
const hotelsOf = (body: Xml): Xml[] => [body.searchresult.hotels.hotel ?? []].flat() as Xml[];

describe("supplier sandbox", () => {
  it("derives its password from the app secret", async () => {
    expect(sandboxPassword(SECRET)).toMatch(/^[0-9a-f]{16}$/);
    expect(sandboxPassword(SECRET)).not.toBe(sandboxPassword(`${SECRET}x`));
  });

  it("answers in the supplier's namespace and refuses wrong credentials", async () => {
    expect((await call("GetLanguages")).xml).toContain('xmlns="http://xml.sunhotels.net/15/"');
    const wrong = await call("GetLanguages", {}, { userName: SANDBOX_USERNAME, password: "guess" });
    expect(wrong.body.Error).toEqual({ ErrorType: "Authentication", Message: "Invalid username or password" });
  });

  it("fails a call that leaves out a listed parameter, as the real API does", async () => {
    const form = new URLSearchParams({ userName: SANDBOX_USERNAME, password: sandboxPassword(SECRET), ...stay });
    const answer = await sandbox.handle("NonStaticXMLAPI", "SearchV3", form);
    expect(answer.status).toBe(500);
    expect(answer.xml).toContain("<ErrorType>MissingParameter</ErrorType>");
  });

  it("finds hotels by city or country regardless of case and accents, with whole-stay prices per meal", async () => {
    const dubai = hotelsOf((await search({ destination: "dUBAI" })).body);
    expect(dubai.length).toBeGreaterThan(20);
    expect(hotelsOf((await search({ destination: "united arab emirates" })).body).length).toBeGreaterThanOrEqual(dubai.length);
    expect(hotelsOf((await search({ destination: "zurich" })).body).length).toBeGreaterThan(0);
    const room = [[dubai[0]!.roomtypes.roomtype].flat()[0].rooms.room].flat()[0];
    const meal = [room.meals.meal].flat()[0];
    expect(meal.prices.price["@currency"]).toBe("USD");
    expect(Number(meal.prices.price["#text"])).toBeGreaterThan(0);
  });

  it("only offers rooms that sleep the party", async () => {
    const big = hotelsOf((await search({ destination: "Dubai", numberOfAdults: "6" })).body);
    for (const hotel of big) {
      for (const roomType of [hotel.roomtypes.roomtype].flat()) expect(Number(roomType.rooms.room.beds)).toBeGreaterThanOrEqual(6);
    }
  });

  it("pre-books at the search price, 5 % more for hotels whose id ends in 3, and signs the code", async () => {
    const [plain, dearer] = await Promise.all(
      [41, 43].map(async (hotelId) => {
        const hotel = hotelsOf((await search({ destination: "", hotelIDs: String(hotelId) })).body)[0]!;
        const room = [[hotel.roomtypes.roomtype].flat()[0].rooms.room].flat()[0];
        const meal = [room.meals.meal].flat()[0];
        const shown = meal.prices.price["#text"] as string;
        const pre = (await call("PreBookV3", { ...stay, rooms: "1", adults: "2", roomId: room.id, mealId: meal.id, searchPrice: shown }))
          .body.preBookResultWithTaxAndFees;
        return {
          shown: Number(shown),
          price: Number(pre.Price["#text"]),
          code: pre.PreBookCode as string,
          roomId: room.id as string,
          mealId: meal.id as string,
        };
      }),
    );
    expect(plain!.price).toBe(plain!.shown);
    expect(dearer!.price).toBeCloseTo(dearer!.shown * 1.05, 1);

    const book = async (code: string, lastName = "Lee") =>
      await call("BookV3", {
        ...stay,
        rooms: "1",
        adults: "2",
        roomId: plain!.roomId,
        mealId: plain!.mealId,
        preBookCode: code,
        yourRef: "BK-T1",
        email: "a@example.com",
        adultGuest1FirstName: "Ann",
        adultGuest1LastName: lastName,
      });
    const [payload, signature] = plain!.code.split(".");
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, "base64url").toString()), priceCents: 1 })).toString(
      "base64url",
    );
    expect((await book(`${forged}.${signature}`)).body.Error.ErrorType).toBe("InvalidPreBookCode");
    expect((await book(plain!.code, "Fail")).body.Error).toEqual({ ErrorType: "BookingFailed", Message: "Room no longer available" });
    const slow = await book(plain!.code, "Slow");
    expect(slow.delayMs).toBe(15_000);
    expect(slow.body.bookResult.booking.bookingnumber).toMatch(/^\d+$/);
  });

  it("cancels once, then answers BookingAlreadyCancelledException with code -2; look-up shows the status", async () => {
    const hotel = hotelsOf((await search({ destination: "Paris" })).body)[0]!;
    const room = [[hotel.roomtypes.roomtype].flat()[0].rooms.room].flat()[0];
    const meal = [room.meals.meal].flat()[0];
    const code = (await call("PreBookV3", { ...stay, rooms: "1", adults: "2", roomId: room.id, mealId: meal.id })).body
      .preBookResultWithTaxAndFees.PreBookCode;
    const booked = await call("BookV3", {
      ...stay,
      rooms: "1",
      adults: "2",
      roomId: room.id,
      mealId: meal.id,
      preBookCode: code,
      yourRef: "BK-T2",
      email: "a@example.com",
      adultGuest1FirstName: "Ann",
      adultGuest1LastName: "Lee",
    });
    const bookingID = booked.body.bookResult.booking.bookingnumber as string;
    expect((await call("CancelBooking", { bookingID })).body.result.Code).toBe("1");
    expect((await call("CancelBooking", { bookingID })).body.Error).toMatchObject({
      ErrorType: "BookingAlreadyCancelledException",
      Code: "-2",
    });
    expect((await call("GetBookingInformationV3", { reference: "BK-T2" })).body.getBookingInformationResult.bookings.booking).toMatchObject(
      { bookingnumber: bookingID, bookingStatus: "NotActive" },
    );
  });
});
