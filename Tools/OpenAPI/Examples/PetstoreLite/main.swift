import Foundation
import NetworkLayer

// `PetstoreLiteAPI` and its models are generated from openapi.yaml at build time by NetworkLayerOpenAPIPlugin.
// This runs offline: a stub transport answers from canned JSON instead of the network.

let stub = StubTransport<PetstoreLiteAPI> { endpoint in
    switch endpoint {
    case .listPets:
        .http(
            200,
            data: Data(
                #"[{"id": 1, "name": "Rex", "species": "dog"}, {"id": 2, "name": "Tom", "species": "cat"}]"#.utf8))
    case .showPet(let petId):
        .http(200, data: Data(#"{"id": \#(petId), "name": "Rex", "species": "dog"}"#.utf8))
    case .addPet(let body):
        .http(201, data: Data(#"{"id": 3, "name": "\#(body.name)", "species": "\#(body.species.rawValue)"}"#.utf8))
    }
}
let router = Router<PetstoreLiteAPI>(stub: stub)

do {
    let pets = try await router.request(.listPets(limit: 2, species: .dog)).decode([Pet].self)
    print("listPets:", pets.map(\.name).joined(separator: ", "))
    let pet = try await router.request(.showPet(petId: 1)).decode(Pet.self)
    print("showPet:", pet.name, pet.species.rawValue)
    let added = try await router.request(.addPet(body: NewPet(name: "Polly", species: .bird))).decode(Pet.self)
    print("addPet:", added.id, added.name)
} catch {
    print("failed:", error)
}
