import Testing

@testable import NetworkLayerOpenAPI

@Suite("Swift names from document names")
struct SwiftNamesTests {
    @Test(
        "Value names are lower camel case, escaped or renamed when Swift reserves them",
        arguments: [
            ("listPets", "listPets"),
            ("list-pets", "listPets"),
            ("list_all_pets", "listAllPets"),
            ("My-Request-UUID", "myRequestUUID"),
            ("BIG_ELEPHANT_1", "bigElephant1"),
            ("ELEPHANT", "elephant"),
            ("$nake", "nake"),
            ("me$sage", "meSage"),
            ("public", "`public`"),
            ("default", "`default`"),
            ("self", "self_"),
            ("", "empty"),
            ("1st", "_1st"),
        ])
    func identifiers(input: String, expected: String) {
        #expect(SwiftNames.identifier(input, fallback: "empty") == expected)
    }

    @Test(
        "Type names are upper camel case and never shadow a standard or NetworkLayer type",
        arguments: [
            ("Pet", "Pet"),
            ("pet_kind", "PetKind"),
            ("query.born-since", "QueryBornSince"),
            ("Error", "ErrorModel"),
            ("Data", "DataModel"),
            ("DOB", "DOB"),
            ("Swagger Petstore", "SwaggerPetstore"),
        ])
    func typeNames(input: String, expected: String) {
        #expect(SwiftNames.typeName(input, fallback: "Schema") == expected)
    }
}
