import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { sandboxMethodParameters } from "./sandbox-methods.ts";
import { WholesalerError } from "./wholesaler-client.ts";
import { parseBook, parseBookingInformation, parsePreBook, parseSearchResult, parseStaticHotels } from "./wholesaler-answers.ts";
import {
  bookV3Params,
  bookingInformationParams,
  cancelBookingParams,
  preBookV3Params,
  searchV3Params,
  staticHotelsParams,
} from "./wholesaler-requests.ts";

// The same settings as the client's parser, so these tests read XML as the client does.
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", removeNSPrefix: true, parseTagValue: false });
const xml = (text: string) => parser.parse(text) as Record<string, unknown>;
const stay = { checkIn: "2030-03-10", checkOut: "2030-03-12", rooms: 1, adults: 2, childAges: [] };

describe("request building", () => {
  it.each([
    ["SearchV3", () => searchV3Params({ ...stay, destination: "Dubai", hotelIds: [] })],
    ["GetStaticHotelsAndRooms", () => staticHotelsParams([1, 2])],
    ["PreBookV3", () => preBookV3Params({ ...stay, roomId: 11, mealId: 1, shownPriceCents: 12345 }, false)],
    [
      "BookV3",
      () =>
        bookV3Params({
          ...stay,
          roomId: 11,
          mealId: 1,
          preBookCode: "code",
          yourRef: "BK1",
          email: "a@example.com",
          guests: [{ firstName: "Ann", lastName: "Lee" }],
          specialRequest: "",
        }),
    ],
    ["CancelBooking", () => cancelBookingParams("7000001")],
    ["GetBookingInformationV3", () => bookingInformationParams({ reference: "BK1" })],
  ])("%s sends exactly the parameters the method lists, empty when unused", (method, build) => {
    const params = build();
    expect(Object.keys(params).sort()).toEqual([...(sandboxMethodParameters(method) ?? ["missing list"])].sort());
    expect(Object.values(params).every((v) => typeof v === "string")).toBe(true);
  });

  it("fills the stay, the party and comma-separated lists", () => {
    const params = searchV3Params({ ...stay, destination: "", hotelIds: [12, 34] });
    expect(params).toMatchObject({
      checkInDate: "2030-03-10",
      checkOutDate: "2030-03-12",
      numberOfRooms: "1",
      numberOfAdults: "2",
      hotelIDs: "12,34",
      destination: "",
      currencies: "USD",
    });
  });

  it("sends children by age to search, pre-book and book", () => {
    const family = { ...stay, childAges: [4, 10] };
    expect(searchV3Params({ ...family, destination: "Dubai", hotelIds: [] })).toMatchObject({
      numberOfAdults: "2",
      numberOfChildren: "2",
      childrenAges: "4,10",
    });
    expect(preBookV3Params({ ...family, roomId: 11, mealId: 1, shownPriceCents: 100 }, false)).toMatchObject({
      children: "2",
      childrenAges: "4,10",
    });
    const book = bookV3Params({
      ...family,
      roomId: 11,
      mealId: 1,
      preBookCode: "c",
      yourRef: "BK9",
      email: "a@example.com",
      guests: [{ firstName: "Ann", lastName: "Lee" }],
      specialRequest: "",
    });
    expect(book).toMatchObject({ children: "2", childrenGuestAge1: "4", childrenGuestAge2: "10", childrenGuestAge3: "" });
  });

  it("sends the shown price in currency units (or cents when configured) and guests in numbered fields", () => {
    expect(preBookV3Params({ ...stay, roomId: 11, mealId: 3, shownPriceCents: 12345 }, false).searchPrice).toBe("123.45");
    expect(preBookV3Params({ ...stay, roomId: 11, mealId: 3, shownPriceCents: 12345 }, true).searchPrice).toBe("12345");
    const book = bookV3Params({
      ...stay,
      roomId: 11,
      mealId: 3,
      preBookCode: "c",
      yourRef: "BK9",
      email: "a@example.com",
      guests: [
        { firstName: "Ann", lastName: "Lee" },
        { firstName: "Bo", lastName: "Ng" },
      ],
      specialRequest: "Late arrival",
    });
    expect(book).toMatchObject({
      adultGuest1FirstName: "Ann",
      adultGuest2LastName: "Ng",
      adultGuest3FirstName: "",
      yourRef: "BK9",
      paymentMethodId: "1",
      creditCardNumber: "",
      specialrequest: "Late arrival",
    });
  });
});

describe("response parsing", () => {
  it("reads a search answer with one hotel, one room and one meal as lists", () => {
    const hotels = parseSearchResult(
      xml(`<searchresult xmlns="http://xml.sunhotels.net/15/"><hotels><hotel><hotel.id>43</hotel.id><roomtypes><roomtype>
        <roomtype.ID>430</roomtype.ID><roomtype.Name>Twin Room</roomtype.Name><rooms><room><id>4301</id><beds>2</beds>
        <meals><meal><id>1</id><prices><price currency="USD">240.50</price></prices><discount><amounts><amount currency="USD">20.00</amount></amounts></discount></meal></meals>
        <cancellation_policies><cancellation_policy><deadline>72</deadline><percentage>100</percentage></cancellation_policy></cancellation_policies>
        </room></rooms></roomtype></roomtypes></hotel></hotels></searchresult>`),
    );
    expect(hotels).toEqual([
      {
        hotelId: 43,
        rooms: [
          {
            roomId: 4301,
            roomTypeId: 430,
            roomTypeName: "Twin Room",
            beds: 2,
            meals: [{ mealId: 1, priceCents: 24050, currency: "USD", discountCents: 2000 }],
            cancellation: [{ deadlineHours: 72, percentage: 100 }],
          },
        ],
      },
    ]);
  });

  it("reads an empty search answer as no hotels", () => {
    expect(parseSearchResult(xml(`<searchresult xmlns="http://xml.sunhotels.net/15/"><hotels/></searchresult>`))).toEqual([]);
  });

  it("keeps only http(s) image URLs from static content", () => {
    const [hotel] = parseStaticHotels(
      xml(`<getStaticHotelsAndRoomsResult><hotels><hotel><hotel.id>5</hotel.id><name>Sea &amp; Sun</name><classification>4*</classification>
        <images><image><fullSizeImage url="https://img.example/a.jpg"/></image><image><fullSizeImage url="javascript:alert(1)"/></image></images>
        <features><feature id="1" name="Free WiFi"/></features></hotel></hotels></getStaticHotelsAndRoomsResult>`),
    );
    expect(hotel).toMatchObject({
      hotelId: 5,
      name: "Sea & Sun",
      stars: 4,
      images: ["https://img.example/a.jpg"],
      amenities: ["Free WiFi"],
      distanceFromCenterKm: null,
    });
  });

  it("reads a hotel's coordinates, and none when they are missing, blank (0,0) or out of range", () => {
    const located = (coordinates: string) =>
      parseStaticHotels(
        xml(
          `<getStaticHotelsAndRoomsResult><hotels><hotel><hotel.id>5</hotel.id><name>Sea</name>${coordinates}</hotel></hotels></getStaticHotelsAndRoomsResult>`,
        ),
      )[0]?.location;
    expect(located("<coordinates><latitude>25.2048</latitude><longitude>55.2708</longitude></coordinates>")).toEqual({
      lat: 25.2048,
      lng: 55.2708,
    });
    expect(located("<coordinates><latitude>-33.9</latitude><longitude>0</longitude></coordinates>")).toEqual({ lat: -33.9, lng: 0 });
    expect(located("")).toBeNull();
    expect(located("<coordinates><latitude>0</latitude><longitude>0</longitude></coordinates>")).toBeNull();
    expect(located("<coordinates><latitude>95</latitude><longitude>55</longitude></coordinates>")).toBeNull();
    expect(located("<coordinates><latitude>north</latitude><longitude>55</longitude></coordinates>")).toBeNull();
  });

  it("reads pre-book, book and booking information answers", () => {
    expect(
      parsePreBook(
        xml(`<preBookResultWithTaxAndFees><PreBookCode>abc</PreBookCode><Price currency="USD">99.90</Price></preBookResultWithTaxAndFees>`),
        false,
      ),
    ).toMatchObject({ preBookCode: "abc", priceCents: 9990 });
    expect(
      parsePreBook(
        xml(`<preBookResultWithTaxAndFees><PreBookCode>abc</PreBookCode><Price currency="USD">9990</Price></preBookResultWithTaxAndFees>`),
        true,
      ),
    ).toMatchObject({ priceCents: 9990 });
    expect(
      parseBook(
        xml(
          `<bookResult><booking><bookingnumber>7000001</bookingnumber><yourref>BK1</yourref><prices><price currency="USD">10.00</price></prices></booking></bookResult>`,
        ),
        false,
      ),
    ).toMatchObject({ bookingNumber: "7000001", yourRef: "BK1", priceCents: 1000 });
    expect(
      parseBookingInformation(
        xml(
          `<getBookingInformationResult><bookings><booking><bookingnumber>1</bookingnumber><yourref>BK1</yourref><bookingStatus>NotActive</bookingStatus></booking></bookings></getBookingInformationResult>`,
        ),
        false,
      ),
    ).toMatchObject([{ bookingNumber: "1", status: "NotActive" }]);
  });

  it("rejects an answer of the wrong type, and a booking answer without a booking number", () => {
    expect(() => parseSearchResult(xml("<html><body>Maintenance</body></html>"))).toThrowError(WholesalerError);
    expect(() => parseSearchResult(xml("<html><body>Maintenance</body></html>"))).toThrow(
      "The supplier's answer to SearchV3 was not understood",
    );
    expect(() => parseBook(xml("<bookResult><booking/></bookResult>"), false)).toThrow(/no booking number/);
  });
});
