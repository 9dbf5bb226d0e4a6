import DVPipeCommands

@main
enum Entrypoint {
    static func main() {
        DVPipe.start()
    }
}
