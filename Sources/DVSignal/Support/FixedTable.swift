/// Numbers computed once and only read afterwards, at a fixed address for the hot loops and the C kernels:
/// a colour cube's entries, a tone map's curves, a face cascade's nodes. Shared by any number of threads.
package final class FixedTable<Element: BitwiseCopyable>: @unchecked Sendable {
    // @unchecked: the elements are written by `init` only and read afterwards; the compiler sees a pointer.
    /// The elements, read-only once `init` has returned.
    package let buffer: UnsafeMutableBufferPointer<Element>

    /// `count` elements, each written by `fill` (given the elements to initialize, all of them) before it returns.
    package init(count: Int, _ fill: (UnsafeMutableBufferPointer<Element>) -> Void) {
        buffer = .allocate(capacity: count)
        fill(buffer)
    }

    /// A copy of `elements`.
    package convenience init(_ elements: [Element]) {
        self.init(count: elements.count) { _ = $0.initialize(from: elements) }
    }

    /// The first element's address.
    package var base: UnsafeMutablePointer<Element> { buffer.baseAddress! }

    deinit {
        buffer.deallocate()
    }
}
