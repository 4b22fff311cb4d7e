import Foundation
import Ours

/// Decodes `json` into `Model`, encodes it again, and checks both the decoded value and the round trip.
@MainActor
func checkModel<Model: Codable & Equatable>(
    _ label: String, _ json: String, as type: Model.Type, expect: (Model) -> Bool
) {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    do {
        let value = try decoder.decode(Model.self, from: Data(json.utf8))
        let again = try decoder.decode(Model.self, from: encoder.encode(value))
        if expect(value), again == value {
            passed += 1
            print("ok model \(label)")
        } else {
            failed += 1
            print("FAILED model \(label): decoded \(value), round trip \(again)")
        }
    } catch {
        failed += 1
        print("FAILED model \(label): \(error)")
    }
}

/// The generated petstore models decode what the document describes, and encode it back.
@MainActor
func checkModels() {
    checkModel("Error with me$sage", #"{"code": 1, "me$sage": "hi"}"#, as: ErrorModel.self) {
        $0.meSage == "hi" && $0.code == 1
    }
    checkModel("PetKind $nake", #""$nake""#, as: PetKind.self) { $0 == .nake }
    checkModel(
        "TypedAdditionalPropertiesWithPropertyNamedContainer", #"{"container": "box", "a": 1, "b": 2}"#,
        as: TypedAdditionalPropertiesWithPropertyNamedContainer.self
    ) { $0.container == "box" && $0.additionalProperties == ["a": 1, "b": 2] }
    checkModel(
        "OneOfObjectsWithDiscriminator Walk", #"{"kind": "Walk", "length": 3}"#,
        as: OneOfObjectsWithDiscriminator.self
    ) { $0 == .walk(Walk(kind: "Walk", length: 3)) }
    checkModel(
        "OneOfObjectsWithDiscriminator MessagedExercise", #"{"kind": "MessagedExercise", "message": "go"}"#,
        as: OneOfObjectsWithDiscriminator.self
    ) { $0 == .messagedExercise(MessagedExercise(kind: "MessagedExercise", message: "go")) }
    checkModel("MixedAnyOf pet kind", #""dog""#, as: MixedAnyOf.self) { $0 == .petKind(.dog) }
    checkModel("MixedAnyOf pet", #"{"id": 1, "name": "Rex"}"#, as: MixedAnyOf.self) {
        $0 == .pet(Pet(id: 1, name: "Rex"))
    }
    checkModel("OneOfAny integer", "7", as: OneOfAny.self) { $0 == .int(7) }
    checkModel("RecursivePet", #"{"name": "a", "parent": {"name": "b"}}"#, as: RecursivePet.self) {
        $0.parent?.name == "b"
    }
    checkModel("AllOfObjects", #"{"message": "m", "code": 2}"#, as: AllOfObjects.self) {
        $0.message == "m" && $0.code == 2
    }
    checkModel(
        "ObjectWithOptionalNullableArrayOfNullableItems", #"{"foo": ["a", null]}"#,
        as: ObjectWithOptionalNullableArrayOfNullableItems.self
    ) { $0.foo == ["a", nil] }
}
