// CachingViewClient conforms to the view client page's `ViewClientProtocol`, declared beside this file
// exactly as published: so its `fetch` and `prefetch` have the page's signatures.
import BeagleAdapter

extension CachingViewClient: ViewClientProtocol {}
