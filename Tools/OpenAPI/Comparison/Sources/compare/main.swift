import Foundation
import OpenAPIRuntime
import Ours
import Theirs

@testable import NetworkLayer

// Every operation of petstore.yaml with several parameter sets: the request NetworkLayer builds from the
// generated enum must equal, in method, path, query multiset, media type and body, the one
// swift-openapi-generator's Client hands to its transport. Prints one line per set and a summary.

// `@testable` only to read a multipart form's bytes (`MultipartFormData.encoded()`), which a request sends
// from a file.
let server = URL(string: "https://example.com/api")!
let recorder = Recorder()
let client = Client(serverURL: server, transport: RecordingTransport(recorder: recorder))
// OpenAPI's default query style, `form` with `explode`, repeats a name for each array item.
let router = Router<PetstoreAPI>(
    configuration: RouterConfiguration(urlEncoder: URLParameterEncoder(arrayEncoding: .noBrackets)),
    stub: StubTransport())

var passed = 0
var failed = 0

@MainActor func check(_ label: String, ours endpoint: PetstoreAPI, theirs call: (Client) async throws -> Void) async {
    _ = try? await call(client)
    guard let reference = await recorder.take() else {
        failed += 1
        print("FAILED \(label): swift-openapi-generator's client sent nothing")
        return
    }
    do {
        let request = try router.makeRequest(for: endpoint)
        var body = request.httpBody
        // A form is written to a file when the request is sent, so its bytes are not in the URLRequest.
        if case .uploadMultipart(let form, _) = endpoint.task { body = try form.encoded() }
        let ours = SeenRequest(
            method: request.httpMethod ?? "", url: request.url,
            contentType: request.value(forHTTPHeaderField: "Content-Type"), body: body)
        if ours == reference {
            passed += 1
            let charset =
                ours.contentType == reference.contentType
                ? "" : " (Content-Type \(ours.contentType ?? "none") vs \(reference.contentType ?? "none"))"
            let shownBody = ours.body == "none" ? "" : " " + ours.body.prefix(120)
            print("ok \(label): \(ours.method) \(ours.path) \(ours.query)\(shownBody)\(charset)")
        } else {
            failed += 1
            print("FAILED \(label)\n  ours:   \(ours)\n  theirs: \(reference)")
        }
    } catch {
        failed += 1
        print("FAILED \(label): NetworkLayer could not build the request: \(error)")
    }
}

let born = Date(timeIntervalSince1970: 1_674_036_251)
typealias Their = Components.Schemas
typealias ListQuery = Operations.listPets.Input.Query

await check(
    "listPets #1", ours: .listPets(filter: ListPetsFilter(name: "Rex")),
    theirs: { _ = try await $0.listPets(.init(query: .init(filter: .init(name: "Rex")))) })
await check(
    "listPets #2",
    ours: .listPets(
        filter: ListPetsFilter(name: "a b", state: "new"), limit: 10, habitat: .water,
        feeds: [.carnivore, .herbivore], since: born),
    theirs: {
        _ = try await $0.listPets(
            .init(
                query: .init(
                    limit: 10, habitat: .water, feeds: [.carnivore, .herbivore],
                    filter: .init(name: "a b", state: "new"), since: born)))
    })
await check(
    "listPets #3",
    ours: .listPets(
        filter: ListPetsFilter(name: "x&y"), limit: 1, habitat: .air, feeds: [.omnivore],
        sort: ListPetsSort(id: "5", name: "n")),
    theirs: {
        _ = try await $0.listPets(
            .init(
                query: .init(
                    limit: 1, habitat: .air, feeds: [.omnivore], sort: .init(id: "5", name: "n"),
                    filter: .init(name: "x&y"))))
    })

let ourPets = [
    CreatePetRequest(name: "Fluffy"), CreatePetRequest(name: "Rex", kind: .dog, tag: "good boy"),
    CreatePetRequest(name: "Dumbo", kind: .elephant, genome: "QUJD"),
]
let theirPets = [
    Their.CreatePetRequest(name: "Fluffy"), Their.CreatePetRequest(name: "Rex", kind: .dog, tag: "good boy"),
    Their.CreatePetRequest(name: "Dumbo", kind: .ELEPHANT, genome: Base64EncodedData(Array("ABC".utf8))),
]
for index in ourPets.indices {
    await check("createPet #\(index + 1)", ours: .createPet(body: ourPets[index])) {
        _ = try await $0.createPet(.init(body: .json(theirPets[index])))
    }
}
for index in ourPets.indices {
    await check("createPetWithForm #\(index + 1)", ours: .createPetWithForm(body: ourPets[index])) {
        _ = try await $0.createPetWithForm(.init(body: .urlEncodedForm(theirPets[index])))
    }
}
await check("getStats (no parameters)", ours: .getStats) { _ = try await $0.getStats(.init()) }
for count in [0, 7, 1_000_000] {
    await check("postStats count=\(count)", ours: .postStats(body: PetStats(count: count))) {
        _ = try await $0.postStats(.init(body: .json(.init(count: count))))
    }
}
await check("probe (no parameters)", ours: .probe) { _ = try await $0.probe(.init()) }
await check("updatePet #1", ours: .updatePet(petId: 1)) { _ = try await $0.updatePet(.init(path: .init(petId: 1))) }
await check("updatePet #2", ours: .updatePet(petId: 22, body: UpdatePetRequest(name: "Max"))) {
    _ = try await $0.updatePet(.init(path: .init(petId: 22), body: .json(.init(name: "Max"))))
}
await check("updatePet #3", ours: .updatePet(petId: 333, body: UpdatePetRequest(name: "Tom", kind: .cat, tag: "x"))) {
    _ = try await $0.updatePet(.init(path: .init(petId: 333), body: .json(.init(name: "Tom", kind: .cat, tag: "x"))))
}
for (petId, bytes) in [(1, [UInt8]()), (2, [0, 1, 2, 255]), (987_654_321, Array("PNG".utf8))] {
    await check("uploadAvatarForPet petId=\(petId)", ours: .uploadAvatarForPet(petId: petId, body: Data(bytes))) {
        _ = try await $0.uploadAvatarForPet(.init(path: .init(petId: Int64(petId)), body: .binary(HTTPBody(bytes))))
    }
}
await check("multipartDownloadTyped (no parameters)", ours: .multipartDownloadTyped) {
    _ = try await $0.multipartDownloadTyped(.init())
}
for text in ["one", "two words", "ünïcode"] {
    var form = MultipartFormData(boundary: "ours")
    form.append(text, name: "log")
    await check("multipartUploadTyped log=\(text)", ours: .multipartUploadTyped(body: form)) {
        _ = try await $0.multipartUploadTyped(
            .init(body: .multipartForm([.log(.init(payload: .init(body: HTTPBody(text))))])))
    }
}

checkModels()

print("compare: \(passed) passed, \(failed) failed")
exit(failed == 0 ? 0 : 1)
