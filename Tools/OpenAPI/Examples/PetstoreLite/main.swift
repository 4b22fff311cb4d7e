import Foundation
import NetworkLayer

// `PetstoreLiteAPI` and its models are generated from openapi.yaml at build time by NetworkLayerOpenAPIPlugin.
// This runs offline: a stub transport answers with the document's examples (the generated `sampleData`), and
// with canned JSON where the document has none. The document's API key (a security scheme) is sent by the
// generated `credentialPlugins(apiKey:)`, and the stub checks that it arrives.

let stub = StubTransport<PetstoreLiteAPI> { endpoint in
    switch endpoint {
    case .listPets, .showPet:
        .sampleData(of: endpoint)
    case .addPet(let body):
        .http(201, data: Data(#"{"id": 3, "name": "\#(body.name)", "species": "\#(body.species.rawValue)"}"#.utf8))
    }
}
let router = Router<PetstoreLiteAPI>(
    configuration: RouterConfiguration(plugins: PetstoreLiteAPI.credentialPlugins(apiKey: { "demo-key" })),
    stub: stub)

do {
    let pets = try await router.request(.listPets(limit: 2, species: .dog)).decode([Pet].self)
    print("listPets:", pets.map(\.name).joined(separator: ", "))
    let pet = try await router.request(.showPet(petId: 1)).decode(Pet.self)
    print("showPet:", pet.name, pet.species.rawValue)
    let added = try await router.request(.addPet(body: NewPet(name: "Polly", species: .bird))).decode(Pet.self)
    print("addPet:", added.id, added.name)
    let sent = try await router.request(.showPet(petId: 1)).request.value(forHTTPHeaderField: "X-API-Key")
    print("X-API-Key:", sent ?? "none")
} catch {
    print("failed:", error)
}
