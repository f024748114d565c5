/// Many short lists, each kept in the order its elements were added, threaded through flat arrays: every element in
/// one array, each element's next of its list, each list's first and last element. A list costs two integers, not
/// an array of its own: the dispatch search keeps nearly as many lists (trie nodes, tie classes) as routes.
struct ThreadedLists<Element> {
    private var elements: [Element] = []
    /// The next element of the same list, by position in `elements` (-1 for none).
    private var next: [Int32] = []
    /// Each list's first and last element, by position in `elements` (-1 for an empty list).
    private var first: [Int32] = []
    private var last: [Int32] = []

    /// How many lists there are; they are numbered from 0 in the order made.
    var listCount: Int { first.count }

    /// Room for `elements` elements and `lists` lists, so that building them rarely grows an array.
    mutating func reserve(elements: Int, lists: Int) {
        self.elements.reserveCapacity(elements)
        next.reserveCapacity(elements)
        first.reserveCapacity(lists)
        last.reserveCapacity(lists)
    }

    /// A new empty list, by its number.
    mutating func makeList() -> Int {
        first.append(-1)
        last.append(-1)
        return first.count - 1
    }

    /// Adds an element at the end of list `list`.
    mutating func append(_ element: Element, toList list: Int) {
        let position = Int32(elements.count)
        elements.append(element)
        next.append(-1)
        if last[list] < 0 { first[list] = position } else { next[Int(last[list])] = position }
        last[list] = position
    }

    /// Calls `body` with each element of list `list` in the order added, while it returns true.
    func forEach(inList list: Int, _ body: (Element) -> Bool) {
        var position = first[list]
        while position >= 0, body(elements[Int(position)]) { position = next[Int(position)] }
    }

    /// The first element of list `list`, in the order added, for which `predicate` holds.
    func first(inList list: Int, where predicate: (Element) -> Bool) -> Element? {
        var found: Element?
        forEach(inList: list) { element in
            guard predicate(element) else { return true }
            found = element
            return false
        }
        return found
    }
}
